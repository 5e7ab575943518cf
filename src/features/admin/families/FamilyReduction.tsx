import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { TextField } from '@/components/ui/TextField';
import { MAX_REDUCTION_REASON } from '@contracts/admin-family-reduction';
import { seasonCatalogue } from '@domain/catalogue/season-catalogue';
import { reductionText, type Reduction } from '@domain/families/family-balance';
import { readTypedEuros } from '@domain/money';
import { describeError } from '@/lib/errors';
import { useSeasonSettings } from '@/features/admin/shell/api/season-settings';
import { useChangeFamilyReduction, useFamilyReductions } from './api/family-reductions';

const KIND_OPTIONS = [
  { value: 'amount', label: 'Importo in euro' },
  { value: 'percent', label: 'Percentuale' },
];

/** The form's check: a product, a value (euros, or a percentage up to 100, two decimals at most) and a reason; the Italian problem, or the reduction. */
function checkForm(productId: string, kind: Reduction['kind'], valueText: string, reason: string): string | Reduction {
  if (!productId) return 'Scegli il prodotto.';
  const value = readTypedEuros(valueText);
  if (value === null || value <= 0)
    return kind === 'amount' ? 'Indica un importo in euro, ad esempio 50 o 50,00.' : 'Indica una percentuale, ad esempio 10 o 12,5.';
  if (kind === 'percent' && value > 100) return 'Una riduzione in percentuale è al massimo del 100%.';
  if (!reason.trim()) return 'Scrivi il motivo: lo vedono solo l’admin e il tesoriere.';
  return { kind, value };
}

/**
 * 'Riduzione' on a family's page, for the admin and the treasurer
 * (docs/admin.md, "Riduzione"): the family's reductions of the season (the
 * product, the amount or percentage, the reason, who set it), 'Rimuovi'
 * for each, and 'Nuova riduzione', a form to set one (a product of the
 * season, 'Importo in euro' or 'Percentuale', the value, the reason). The server prices the
 * family's orders with it; the reason is never shown to the family.
 */
export function FamilyReduction({ familyId }: { familyId: string }) {
  const settings = useSeasonSettings();
  const reductions = useFamilyReductions(familyId);
  const change = useChangeFamilyReduction(familyId);
  const [productId, setProductId] = useState('');
  const [kind, setKind] = useState<Reduction['kind']>('amount');
  const [valueText, setValueText] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const catalogue = settings.data ? seasonCatalogue(settings.data.prices, settings.data.products) : [];

  const save = () => {
    const checked = checkForm(productId, kind, valueText, reason);
    if (typeof checked === 'string') return setProblem(checked);
    setProblem(null);
    change.mutate(
      { set: { product: productId, ...checked, reason: reason.trim() } },
      { onSuccess: () => (setValueText(''), setReason(''), setOpen(false)) },
    );
  };

  return (
    <section aria-labelledby="family-reduction-title" className="space-y-3 rounded-xl border border-gray-200 p-4">
      <h2 id="family-reduction-title" className="text-lg font-semibold text-brand-800">
        Riduzione
      </h2>
      <p className="text-sm text-gray-700">
        Il prezzo della famiglia per un prodotto della stagione, ridotto di un importo o di una percentuale. La famiglia vede il prezzo
        ridotto, mai il motivo.
      </p>
      {reductions.isError && <Alert kind="error">{`Riduzioni non disponibili. ${describeError(reductions.error)}`}</Alert>}
      {reductions.data && reductions.data.length === 0 && <p className="text-gray-700">Nessuna riduzione in questa stagione.</p>}
      {reductions.data && reductions.data.length > 0 && (
        <ul className="divide-y divide-gray-100">
          {reductions.data.map((reduction) => (
            <li key={reduction.product} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="block font-medium">{`${reduction.plan}: − ${reductionText(reduction)}`}</span>
                <span className="block text-sm break-words text-gray-700">{`Motivo: ${reduction.reason} (${reduction.updatedBy})`}</span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                loading={
                  change.isPending && change.variables && 'remove' in change.variables && change.variables.remove === reduction.product
                }
                onClick={() => change.mutate({ remove: reduction.product })}
                aria-label={`Rimuovi la riduzione di ${reduction.plan}`}
              >
                Rimuovi
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!open && (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Nuova riduzione
        </Button>
      )}
      {open && (
        <div className="space-y-3">
          <div className="grid gap-3 sm:grid-cols-3">
            <Select
              label="Prodotto"
              value={productId}
              onChange={setProductId}
              options={catalogue.map((entry) => ({ value: entry.id, label: entry.plan }))}
            />
            <Select
              label="Tipo di riduzione"
              value={kind}
              onChange={(value) => setKind(value as Reduction['kind'])}
              options={KIND_OPTIONS}
            />
            <TextField
              label={kind === 'amount' ? 'Importo (€)' : 'Percentuale (%)'}
              inputMode="decimal"
              value={valueText}
              onChange={(event) => setValueText(event.target.value)}
            />
          </div>
          <TextField
            label="Motivo (solo per admin e tesoriere)"
            maxLength={MAX_REDUCTION_REASON}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          {problem && <Alert kind="error">{problem}</Alert>}
          {change.isError && <Alert kind="error">{`Riduzione non salvata. ${describeError(change.error)}`}</Alert>}
          <Button loading={change.isPending && change.variables !== undefined && 'set' in change.variables} onClick={save}>
            Salva riduzione
          </Button>
          <Button variant="secondary" onClick={() => (setOpen(false), setProblem(null), change.reset())}>
            Annulla
          </Button>
        </div>
      )}
    </section>
  );
}

import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { mayBuy } from '@domain/catalogue/product';
import { seasonCatalogue } from '@domain/catalogue/season-catalogue';
import { formatEuros } from '@domain/money';
import { SIZES, type Size } from '@domain/catalogue/sizes';
import { describeError } from '@/lib/errors';
import type { FamilyRecord } from './api/families';
import { useRecordCashPayment } from './api/families-queries';
import { useSeasonSettings } from '@/features/admin/shell/api/season-settings';

/** The children who may buy the product, to tick, each with its size when the product has sizes. */
function CashChildren({
  buyers,
  withSizes,
  chosen,
  sizes,
  onChoose,
  onSize,
}: {
  buyers: FamilyRecord['children'];
  withSizes: boolean;
  chosen: readonly string[];
  sizes: Record<string, Size | ''>;
  onChoose: (chosen: string[]) => void;
  onSize: (sizes: Record<string, Size | ''>) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold">Figli</legend>
      {buyers.map((child) => (
        <div key={child.id} className="flex flex-wrap items-center gap-3">
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={chosen.includes(child.id)}
              onChange={(event) => onChoose(event.target.checked ? [...chosen, child.id] : chosen.filter((id) => id !== child.id))}
            />
            {child.name} ({child.branch})
          </label>
          {withSizes && chosen.includes(child.id) && (
            <Select
              label={`Taglia di ${child.name}`}
              value={sizes[child.id] ?? ''}
              onChange={(size) => onSize({ ...sizes, [child.id]: size as Size })}
              options={SIZES.map((size) => ({ value: size, label: size }))}
            />
          )}
        </div>
      ))}
    </fieldset>
  );
}

/**
 * 'Registra pagamento in contanti' on a family's page (docs/admin-orders.md,
 * "Registra pagamento in contanti"): a product of the season's catalogue,
 * the children who may buy it (a size each when it takes one); the server
 * prices it as a parent's order, records it 'Confermato' with method
 * 'Contanti' and a receipt, and writes to the family. The answer says the
 * euros to have collected and the receipt's number.
 */
export function CashPayment({ record }: { record: FamilyRecord }) {
  const settings = useSeasonSettings();
  const cash = useRecordCashPayment();
  const [productId, setProductId] = useState('');
  const [sizes, setSizes] = useState<Record<string, Size | ''>>({});
  const [chosen, setChosen] = useState<string[]>([]);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);

  if (settings.isError) {
    return (
      <Alert kind="error">
        {`Prodotti della stagione non disponibili: non si può registrare un pagamento in contanti. ${describeError(settings.error)}`}{' '}
        <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
          Riprova
        </Button>
      </Alert>
    );
  }
  if (!settings.data) return null;
  const catalogue = seasonCatalogue(settings.data.prices, settings.data.products);
  const product = catalogue.find((entry) => entry.id === productId);
  const buyers = product ? record.children.filter((child) => !child.archived && mayBuy(product, child.branch)) : [];

  const choose = (id: string) => {
    setProductId(id);
    setChosen([]);
    setProblem(null);
    cash.reset();
  };
  const run = () => {
    if (!product || chosen.length === 0) return setProblem('Scegli il prodotto e almeno un figlio.');
    if (product.sizes && chosen.some((id) => !sizes[id])) return setProblem('Scegli la taglia di ogni figlio.');
    setProblem(null);
    cash.mutate(
      {
        familyId: record.family.id,
        product: product.id,
        children: chosen.map((id) => (product.sizes ? { id, size: sizes[id] as Size } : { id })),
        idempotencyKey,
      },
      { onSuccess: () => (setChosen([]), setIdempotencyKey(crypto.randomUUID())) },
    );
  };

  return (
    <section aria-labelledby="cash-payment-title" className="space-y-3 rounded-xl border border-gray-200 p-4">
      <h2 id="cash-payment-title" className="text-lg font-semibold text-brand-800">
        Registra pagamento in contanti
      </h2>
      <Select
        label="Prodotto"
        value={productId}
        onChange={choose}
        options={catalogue.map((entry) => ({ value: entry.id, label: entry.plan }))}
      />
      {product && buyers.length === 0 && <p className="text-gray-700">Nessun figlio della famiglia può acquistare questo prodotto.</p>}
      {buyers.length > 0 && (
        <CashChildren
          buyers={buyers}
          withSizes={product?.sizes === true}
          chosen={chosen}
          sizes={sizes}
          onChoose={setChosen}
          onSize={setSizes}
        />
      )}
      {problem && <Alert kind="error">{problem}</Alert>}
      {cash.isError && <Alert kind="error">{`Pagamento non registrato. ${describeError(cash.error)}`}</Alert>}
      {cash.isSuccess && (
        <Alert kind="success">
          {`Pagamento in contanti registrato: ${formatEuros(cash.data.totalEuros)}${cash.data.receiptNumber ? `, ricevuta n. ${cash.data.receiptNumber}` : ''}. La famiglia riceve la ricevuta per e-mail.`}
        </Alert>
      )}
      <Button loading={cash.isPending} onClick={run} disabled={!product}>
        Registra pagamento in contanti
      </Button>
    </section>
  );
}

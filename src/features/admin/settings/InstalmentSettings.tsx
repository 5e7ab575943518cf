import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { TextField } from '@/components/ui/TextField';
import type { CatalogueProduct, InstalmentPlan } from '@domain/catalogue/product';
import { CAMP_PRODUCT_IDS, seasonCatalogue, type SeasonProduct } from '@domain/catalogue/season-catalogue';
import type { SeasonPrices } from '@domain/catalogue/seed';
import { instalmentPlanProblems, MAX_INSTALMENTS, MIN_INSTALMENTS } from '@domain/payments/instalments';
import { scoutYearOfCamp } from '@domain/accounts/scout-year';
import { describeInstalmentPlan } from '@domain/season/season-settings-change';
import { settingsErrorMessage } from './settings-error';
import { useUpdateSeasonSettings } from './api/season-settings';

/** Props of {@link InstalmentSettings}. */
export interface InstalmentSettingsProps {
  season: number;
  prices: SeasonPrices;
  products: SeasonProduct[];
  /** The plans as saved, by product id. */
  instalments: Record<string, InstalmentPlan>;
}

const COUNT_OPTIONS = [
  { value: '', label: 'Nessuna rata' },
  ...Array.from({ length: MAX_INSTALMENTS - MIN_INSTALMENTS + 1 }, (_, index) => {
    const count = String(MIN_INSTALMENTS + index);
    return { value: count, label: `${count} rate` };
  }),
];

/** A plan being edited: its due days ('' for a day not typed yet), the first null when "all'ordine"; none: no plan. */
type Draft = Array<string | null>;

/** The draft with `count` rate: the days typed kept, the new ones empty; 0: no plan. */
function resized(draft: Draft, count: number): Draft {
  return Array.from({ length: count }, (_, index) => draft[index] ?? '');
}

/**
 * One product's 'Rate' (docs/product.md, "Instalments"): 'Nessuna rata' or
 * 2 to 4, each with its 'Scadenza' (the first may be 'all’ordine'), and
 * 'Salva rate'. The plan is checked as the server checks it
 * (instalmentPlanProblems over the season's scout year) and saved with the
 * other products' plans as saved, so a refusal is this product's; the
 * server's message shows under it.
 */
function ProductInstalments({
  season,
  product,
  instalments,
}: {
  season: number;
  product: CatalogueProduct;
  instalments: InstalmentSettingsProps['instalments'];
}) {
  const saved = instalments[product.id];
  const update = useUpdateSeasonSettings(season);
  const [draft, setDraft] = useState<Draft>(() => saved?.due ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const edit = (next: Draft) => {
    update.reset();
    setProblem(null);
    setDraft(next);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const others = Object.fromEntries(Object.entries(instalments).filter(([id]) => id !== product.id));
    if (draft.length === 0) return update.mutate({ instalments: others });
    if (draft.some((day) => day === '')) return setProblem('Scrivi la scadenza di ogni rata.');
    const plan: InstalmentPlan = { due: draft };
    const problems = instalmentPlanProblems(plan, scoutYearOfCamp(season));
    if (problems.length > 0) return setProblem(problems.join(' '));
    update.mutate({ instalments: { ...others, [product.id]: plan } });
  };

  const titleId = `instalments-${product.id}`;
  return (
    <form onSubmit={save} noValidate className="space-y-3 rounded-lg border border-gray-200 p-3" aria-labelledby={titleId}>
      <h3 id={titleId} className="font-medium">
        {product.plan}
      </h3>
      <p className="text-sm text-gray-700">Ora: {describeInstalmentPlan(saved)}.</p>
      <Select
        label={`Rate di ${product.plan}`}
        options={COUNT_OPTIONS}
        value={draft.length === 0 ? '' : String(draft.length)}
        onChange={(value) => edit(resized(draft, Number(value) || 0))}
      />
      {draft.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          {draft.map((day, index) => (
            <div key={index} className="space-y-1">
              {day === null ? (
                <p className="flex min-h-11 items-end text-sm">
                  <span>
                    <span className="block font-medium text-gray-800">Scadenza rata 1</span>
                    all’ordine
                  </span>
                </p>
              ) : (
                <TextField
                  label={`Scadenza rata ${index + 1}`}
                  type="date"
                  value={day}
                  onChange={(event) => edit(draft.map((each, at) => (at === index ? event.target.value : each)))}
                />
              )}
              {index === 0 && (
                <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    checked={day === null}
                    onChange={() => edit([day === null ? '' : null, ...draft.slice(1)])}
                  />
                  Prima rata all’ordine
                </label>
              )}
            </div>
          ))}
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      {update.isError && <Alert kind="error">{settingsErrorMessage(update.error)}</Alert>}
      {update.isSuccess && <Alert kind="success">Rate salvate: valgono per gli ordini da adesso.</Alert>}
      <Button type="submit" loading={update.isPending}>
        Salva rate di {product.plan}
      </Button>
    </form>
  );
}

/**
 * 'Rate' in 'Impostazioni stagione' (docs/admin.md, "Impostazioni
 * stagione"; docs/product.md, "Instalments"): for each product of the
 * season but the camp's Acconto and Saldo (paid as the spec has them), its
 * instalment plan ({@link ProductInstalments}), saved through
 * admin-season-settings, which checks and audits it.
 */
export function InstalmentSettings({ season, prices, products, instalments }: InstalmentSettingsProps) {
  const catalogue = seasonCatalogue(prices, products).filter((product) => !CAMP_PRODUCT_IDS.includes(product.id));
  return (
    <div className="space-y-4 rounded-xl border border-gray-200 p-4">
      <h2 className="font-semibold">Rate {season}</h2>
      <p className="text-sm text-gray-700">
        Un prodotto può essere pagato in 2, 3 o 4 rate, ognuna con la sua scadenza; le famiglie le pagano una alla volta da «La mia
        famiglia» e i promemoria chiedono solo le rate scadute. Il campo si paga con acconto e saldo.
      </p>
      {catalogue.map((product) => (
        <ProductInstalments key={product.id} season={season} product={product} instalments={instalments} />
      ))}
    </div>
  );
}

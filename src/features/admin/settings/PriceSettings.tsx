import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { formatEuros } from '@domain/money';
import { BRANCHES, type Branch } from '@domain/branches';
import type { PriceRule } from '@domain/catalogue/price-rule';
import { SEED_PRODUCTS, SEED_PRODUCT_IDS, type SeasonPrices, type SeedProductId } from '@domain/catalogue/seed';
import { previewPriceChange } from '@domain/catalogue/price-preview';
import { changedProducts } from '@domain/season/season-settings-change';
import { settingsErrorMessage } from './settings-error';
import { useUpdateSeasonSettings } from './api/season-settings';
import { draftOf, ruleOf, type PriceDraft } from './price-draft';

const draftsOf = (prices: SeasonPrices) =>
  Object.fromEntries(SEED_PRODUCT_IDS.map((product) => [product, draftOf(prices[product])])) as Record<SeedProductId, PriceDraft>;

/** Props of {@link PriceSettings}. */
export interface PriceSettingsProps {
  season: number;
  /** The season's rules as saved. */
  prices: SeasonPrices;
}

/**
 * 'Prezzi' in 'Impostazioni stagione' (docs/admin.md, "Impostazioni
 * stagione"): each seeded product's rule (price per child, a branch's own price,
 * the price from the 2nd child, free from the n-th child), then the effect
 * on an example family (one child per branch) before 'Salva prezzi'. Orders
 * made afterwards are priced with the new rules; recorded ones keep theirs.
 */
export function PriceSettings({ season, prices }: PriceSettingsProps) {
  const [drafts, setDrafts] = useState(() => draftsOf(prices));
  const update = useUpdateSeasonSettings(season);
  const parsed = SEED_PRODUCT_IDS.map((product) => ({ product, result: ruleOf(drafts[product]) }));
  const errors = new Map(parsed.flatMap(({ product, result }) => ('error' in result ? [[product, result.error] as const] : [])));
  const draftPrices =
    errors.size === 0
      ? (Object.fromEntries(parsed.map(({ product, result }) => [product, (result as { rule: PriceRule }).rule])) as SeasonPrices)
      : null;
  const changed = draftPrices ? changedProducts(prices, draftPrices) : [];

  const edit = (product: SeedProductId, change: Partial<PriceDraft>) => {
    update.reset();
    setDrafts((current) => ({ ...current, [product]: { ...current[product], ...change } }));
  };
  const editBranch = (product: SeedProductId, branch: Branch, text: string) =>
    edit(product, { branch: { ...drafts[product].branch, [branch]: text } });
  const save = () => {
    if (!draftPrices || changed.length === 0) return;
    update.mutate(
      { prices: Object.fromEntries(changed.map(({ id }) => [id, draftPrices[id]])) },
      { onSuccess: (answer) => setDrafts(draftsOf(answer.prices)) },
    );
  };

  return (
    <div className="space-y-4 rounded-xl border border-gray-200 p-4">
      <h2 className="font-semibold">Prezzi della stagione {season}</h2>
      <p className="text-sm text-gray-700">
        Importi in euro per figlio. Lascia vuoto un campo che non serve: il prezzo di una branca sostituisce quello per figlio, il prezzo
        dal 2° figlio vale per i fratelli (anche pagati in ordini diversi). Gli ordini già registrati mantengono i loro prezzi.
      </p>
      {SEED_PRODUCTS.map(({ id: product, plan }) => (
        <RuleFields
          key={product}
          plan={plan}
          draft={drafts[product]}
          error={errors.get(product)}
          onChange={(change) => edit(product, change)}
          onBranchChange={(branch, text) => editBranch(product, branch, text)}
        />
      ))}
      {draftPrices && changed.length > 0 && <PricePreview before={prices} after={draftPrices} />}
      <div className="flex flex-wrap gap-3">
        <Button onClick={save} loading={update.isPending} disabled={!draftPrices || changed.length === 0}>
          Salva prezzi
        </Button>
        <Button variant="secondary" onClick={() => setDrafts(draftsOf(prices))} disabled={update.isPending}>
          Annulla modifiche
        </Button>
      </div>
      {update.isError && <Alert kind="error">{settingsErrorMessage(update.error)}</Alert>}
      {update.isSuccess && <Alert kind="success">Prezzi salvati: valgono per gli ordini da adesso.</Alert>}
    </div>
  );
}

/** One product's rule as the treasurer types it: the price per child, each branch's, from the 2nd child, free from the n-th; its error. */
function RuleFields({
  plan,
  draft,
  error,
  onChange,
  onBranchChange,
}: {
  plan: string;
  draft: PriceDraft;
  error: string | undefined;
  onChange: (change: Partial<PriceDraft>) => void;
  onBranchChange: (branch: Branch, text: string) => void;
}) {
  return (
    <fieldset className="rounded-lg border border-gray-200 p-3">
      <legend className="px-1 font-medium">{plan}</legend>
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <TextField
          label="Prezzo per figlio"
          inputMode="decimal"
          value={draft.euros}
          onChange={(event) => onChange({ euros: event.target.value })}
        />
        {BRANCHES.map((branch) => (
          <TextField
            key={branch}
            label={branch}
            inputMode="decimal"
            value={draft.branch[branch]}
            onChange={(event) => onBranchChange(branch, event.target.value)}
          />
        ))}
        <TextField
          label="Dal 2° figlio"
          inputMode="decimal"
          value={draft.sibling}
          onChange={(event) => onChange({ sibling: event.target.value })}
        />
        <TextField
          label="Gratis dal figlio n°"
          inputMode="numeric"
          value={draft.freeFrom}
          onChange={(event) => onChange({ freeFrom: event.target.value })}
        />
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The example family's totals per product, now and with the change: only the products whose total moves are marked. */
function PricePreview({ before, after }: { before: SeasonPrices; after: SeasonPrices }) {
  return (
    <section aria-labelledby="price-preview-title" className="rounded-lg bg-brand-50 p-3">
      <h3 id="price-preview-title" className="font-medium">
        Anteprima: una famiglia con tre figli (Branco, Reparto, Clan)
      </h3>
      <table className="mt-2 w-full text-left text-sm">
        <thead>
          <tr>
            <th className="py-1 pr-3">Prodotto</th>
            <th className="py-1 pr-3">Figli</th>
            <th className="py-1 pr-3">Oggi</th>
            <th className="py-1">Con la modifica</th>
          </tr>
        </thead>
        <tbody>
          {previewPriceChange(before, after).map((row) => (
            <tr key={row.plan} className={row.beforeEuros === row.afterEuros ? 'text-gray-600' : 'font-semibold'}>
              <td className="py-1 pr-3">{row.plan}</td>
              <td className="py-1 pr-3">{row.children.length}</td>
              <td className="py-1 pr-3">{formatEuros(row.beforeEuros)}</td>
              <td className="py-1">{formatEuros(row.afterEuros)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

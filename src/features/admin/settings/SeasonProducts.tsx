import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { GENERIC_PAGE, PRODUCT_PAGES } from '@config/product-pages';
import type { SeasonProduct } from '@domain/catalogue/season-catalogue';
import { productSlug } from '@domain/catalogue/product-slug';
import { BRANCHES, type Branch } from '@domain/branches';
import { describeSeasonProduct } from '@domain/season/season-settings-change';
import { settingsErrorMessage } from './settings-error';
import { useUpdateSeasonSettings } from './api/season-settings';
import { ruleOf, type PriceDraft } from './price-draft';

const EMPTY_PRICE: PriceDraft = { euros: '', branch: { Branco: '', Reparto: '', Clan: '' }, sibling: '', freeFrom: '' };

/**
 * What the spec's pages sell, in words ('campo, felpa e …'): the first
 * word of each page's menu label (PRODUCT_PAGES), in lower case.
 */
const SPEC_PAGES_IN_WORDS = (() => {
  const words = PRODUCT_PAGES.map((page) => (page.menuLabel.split(' ')[0] ?? page.menuLabel).toLowerCase());
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} e ${words.at(-1)}`;
})();

/** Props of {@link SeasonProducts}. */
export interface SeasonProductsProps {
  season: number;
  /** The season's own products as saved. */
  products: SeasonProduct[];
}

/** The season's own products, each with its generic page and 'Togli'; none: the sentence that says so. */
function ProductList({
  products,
  removing,
  onRemove,
}: {
  products: readonly SeasonProduct[];
  removing: boolean;
  onRemove: (product: SeasonProduct) => void;
}) {
  if (products.length === 0) {
    return <p className="text-sm text-gray-700">Oltre a {SPEC_PAGES_IN_WORDS}, nessun prodotto per questa stagione.</p>;
  }
  return (
    <ul className="space-y-2">
      {products.map((product) => (
        <li key={product.name} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-gray-50 p-3 text-sm">
          <span>
            {describeSeasonProduct(product)} ·{' '}
            <Link to={GENERIC_PAGE.path(productSlug(product.name))} className="font-semibold text-brand-700 underline">
              pagina per le famiglie
            </Link>
          </span>
          <Button variant="secondary" size="sm" disabled={removing} onClick={() => onRemove(product)}>
            Togli {product.name}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Prodotti della stagione' in 'Impostazioni stagione' (docs/admin.md,
 * "Impostazioni stagione"): the products the treasurer adds beyond the
 * seeded ones (SEED_PRODUCTS: the camp and the group's clothes), such as
 * an Easter outing or the census fee, each with its page /pagamenti/{id} for the parents, and 'Nuovo prodotto':
 * name, price per child, the branches that may buy it, sizes or not, the
 * last day to order. The server checks the product and refuses to remove
 * one that already has orders.
 */
export function SeasonProducts({ season, products }: SeasonProductsProps) {
  const update = useUpdateSeasonSettings(season);
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [branches, setBranches] = useState<Branch[]>([...BRANCHES]);
  const [sizes, setSizes] = useState(false);
  const [closesOn, setClosesOn] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const toggleBranch = (branch: Branch) =>
    setBranches((current) => (current.includes(branch) ? current.filter((each) => each !== branch) : [...current, branch]));

  const add = (event: FormEvent) => {
    event.preventDefault();
    const rule = ruleOf({ ...EMPTY_PRICE, euros: price });
    if ('error' in rule) return setProblem(rule.error);
    if (!name.trim()) return setProblem('Scrivi il nome del prodotto.');
    if (branches.length === 0) return setProblem('Scegli almeno una branca.');
    if (products.some((product) => productSlug(product.name) === productSlug(name)))
      return setProblem('Esiste già un prodotto con questo nome.');
    setProblem(null);
    const product: SeasonProduct = { name: name.trim(), price: rule.rule, branches, sizes, ...(closesOn ? { closesOn } : {}) };
    update.mutate(
      { products: [...products, product] },
      {
        onSuccess: () => {
          setName('');
          setPrice('');
          setClosesOn('');
        },
      },
    );
  };
  const remove = (product: SeasonProduct) => update.mutate({ products: products.filter((each) => each !== product) });

  return (
    <div className="space-y-4 rounded-xl border border-gray-200 p-4">
      <h2 className="font-semibold">Prodotti della stagione {season}</h2>
      <ProductList products={products} removing={update.isPending} onRemove={remove} />
      <form onSubmit={add} className="space-y-3 rounded-lg border border-gray-200 p-3" aria-labelledby="new-product-title">
        <h3 id="new-product-title" className="font-medium">
          Nuovo prodotto
        </h3>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField label="Nome" value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
          <TextField label="Prezzo per figlio" inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} />
          <TextField
            label="Ultimo giorno per ordinare"
            type="date"
            value={closesOn}
            onChange={(event) => setClosesOn(event.target.value)}
          />
        </div>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium text-gray-800">Chi può ordinarlo</legend>
          {BRANCHES.map((branch) => (
            <label key={branch} className="inline-flex min-h-11 items-center gap-2">
              <input type="checkbox" className="h-5 w-5" checked={branches.includes(branch)} onChange={() => toggleBranch(branch)} />
              {branch}
            </label>
          ))}
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="checkbox" className="h-5 w-5" checked={sizes} onChange={() => setSizes(!sizes)} />
            Con taglia (XS–2XL)
          </label>
        </fieldset>
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <Button type="submit" loading={update.isPending}>
          Aggiungi prodotto
        </Button>
      </form>
      {update.isError && <Alert kind="error">{settingsErrorMessage(update.error)}</Alert>}
    </div>
  );
}

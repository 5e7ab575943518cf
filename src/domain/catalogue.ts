import { BRANCHES, PLAN, type Branch } from './plans';
import type { PriceRule, SeasonPrices } from './price-rule';
import { productSlug } from './product-slug';
import { isSpecProduct, type SpecProduct } from './products';

/**
 * The season's catalogue (docs/admin.md, "Impostazioni stagione"): what a
 * parent can buy, one entry per product. The spec's four products
 * ({@link specCatalogue}) have their own screens and rules; the treasurer
 * adds the season's own (an Easter outing, the census fee:
 * {@link SeasonProduct}), each with a page `/pagamenti/{id}`. The screens,
 * the functions and the admin read a product's name, buyers, sizes and
 * price from its entry.
 */
export interface CatalogueProduct {
  /** What the order request names: 'campo-acconto', or a season product's slug 'uscita-di-pasqua'. */
  id: string;
  /** The name recorded in `order_items.plan` and printed on the summary, the e-mails and the receipt. */
  plan: string;
  /** The branches whose children may buy it. */
  branches: Branch[];
  /** Each child's line carries a size (XS…2XL), which never changes the price. */
  sizes: boolean;
  price: PriceRule;
  /** The last day to order it (yyyy-mm-dd, Italian time); none: open all season. */
  closesOn?: string;
}

/**
 * A product the treasurer adds for a season, as `season_settings.products`
 * keeps it: its name (its id is the name's slug), price rule, buyers, sizes
 * and closing day.
 */
export interface SeasonProduct {
  name: string;
  price: PriceRule;
  branches: Branch[];
  sizes: boolean;
  closesOn?: string;
}

/** The spec's four products (docs/product.md, "Screens"), priced by the season's `prices`. */
export function specCatalogue(prices: SeasonPrices): CatalogueProduct[] {
  return [
    { id: 'campo-acconto', plan: PLAN.campAcconto, branches: [...BRANCHES], sizes: false, price: prices['campo-acconto'] },
    { id: 'campo-saldo', plan: PLAN.campSaldo, branches: [...BRANCHES], sizes: false, price: prices['campo-saldo'] },
    { id: 'felpa', plan: PLAN.felpa, branches: ['Reparto'], sizes: true, price: prices.felpa },
    { id: 'maglietta', plan: PLAN.maglietta, branches: [...BRANCHES], sizes: true, price: prices.maglietta },
  ] satisfies Array<CatalogueProduct & { id: SpecProduct }>;
}

/** A season product as a catalogue entry. */
export function catalogueEntryOf(product: SeasonProduct): CatalogueProduct {
  return {
    id: productSlug(product.name),
    plan: product.name,
    branches: product.branches,
    sizes: product.sizes,
    price: product.price,
    ...(product.closesOn ? { closesOn: product.closesOn } : {}),
  };
}

/** The season's catalogue: the spec's four products at the season's prices, then the treasurer's own. */
export function seasonCatalogue(prices: SeasonPrices, products: readonly SeasonProduct[]): CatalogueProduct[] {
  return [...specCatalogue(prices), ...products.map(catalogueEntryOf)];
}

/** The entry of one of the spec's products at the season's `prices`. */
export function specProduct(id: SpecProduct, prices: SeasonPrices): CatalogueProduct {
  return specCatalogue(prices).find((entry) => entry.id === id) as CatalogueProduct;
}

/** The entry of `id` in `catalogue`, or undefined. */
export function findProduct(catalogue: readonly CatalogueProduct[], id: string): CatalogueProduct | undefined {
  return catalogue.find((entry) => entry.id === id);
}

/** True when a child of `branch` may buy `product` (the Felpa Reparto: Reparto only). */
export function mayBuy(product: Pick<CatalogueProduct, 'branches'>, branch: Branch): boolean {
  return product.branches.includes(branch);
}

/**
 * True when `product` can no longer be ordered on `today` (yyyy-mm-dd in
 * Italian time): its closing day is before it.
 */
export function isClosed(product: Pick<CatalogueProduct, 'closesOn'>, today: string): boolean {
  return product.closesOn !== undefined && product.closesOn < today;
}

/** A link to a season product's page. */
export interface ProductLink {
  label: string;
  path: string;
}

/** The pages of the season's own products open on `today` (yyyy-mm-dd), in catalogue order: 'Uscita di Pasqua' → /pagamenti/uscita-di-pasqua. */
export function seasonProductLinks(catalogue: readonly CatalogueProduct[], today: string): ProductLink[] {
  return catalogue
    .filter((product) => !isSpecProduct(product.id) && !isClosed(product, today))
    .map((product) => ({ label: product.plan, path: `/pagamenti/${encodeURIComponent(product.id)}` }));
}

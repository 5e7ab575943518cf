import type { Branch } from '../branches';
import type { PriceRule } from './price-rule';
import { productOfPlan, type CatalogueProduct, type InstalmentPlan, type ProductNames } from './product';
import { productSlug } from './product-slug';
import { SEED_PRICES, SEED_PRODUCTS, type SeasonPrices } from './seed';

/**
 * The season's catalogue (docs/admin.md, "Impostazioni stagione"): the
 * seeded products at the season's prices, then the products the treasurer
 * added for the season, each one entry of the same shape (CatalogueProduct).
 */

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

/** Two capital letters of a name for its reference codes: the initials of its first two words of three letters or more ('Uscita di Pasqua' → 'UP'). */
function codeOf(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((word) => word.length >= 3);
  const letters = words.length >= 2 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? 'PR').slice(0, 2);
  return letters.padEnd(2, 'X');
}

/**
 * The names of a product the treasurer added, from its one name: it is its
 * short name, its reason ('Uscita di Pasqua - Rossi') and its reminders'
 * subject; «quoted» in a sentence; 'Già pagato' once paid; its reference
 * codes start with its initials ('UP25-7K3Q'); priced 'per figlio'.
 */
export function namesFromName(name: string): ProductNames {
  return {
    short: name,
    inSentence: `«${name}»`,
    held: 'Già pagato',
    reason: name,
    subject: name,
    code: codeOf(name),
    each: 'per figlio',
  };
}

/** A season product as a catalogue entry: its slug as id, its name as plan, its names from it ({@link namesFromName}). */
export function seasonProductEntry(product: SeasonProduct): CatalogueProduct {
  return {
    id: productSlug(product.name),
    plan: product.name,
    branches: product.branches,
    sizes: product.sizes,
    price: product.price,
    ...(product.closesOn ? { closesOn: product.closesOn } : {}),
    names: namesFromName(product.name),
  };
}

/** The camp's products, paid as the spec has them (Acconto, then Saldo): no instalment plan applies to them. */
export const CAMP_PRODUCT_IDS: readonly string[] = ['campo-acconto', 'campo-saldo'];

/**
 * The season's catalogue: the seeded products at the season's `prices`,
 * then the treasurer's own `products`, each with its instalment plan from
 * `instalments` (by product id; never the camp's, {@link CAMP_PRODUCT_IDS}).
 */
export function seasonCatalogue(
  prices: SeasonPrices,
  products: readonly SeasonProduct[],
  instalments: Readonly<Record<string, InstalmentPlan>> = {},
): CatalogueProduct[] {
  const entries = [...SEED_PRODUCTS.map((product) => ({ ...product, price: prices[product.id] })), ...products.map(seasonProductEntry)];
  return entries.map((entry) => {
    const plan = CAMP_PRODUCT_IDS.includes(entry.id) ? undefined : instalments[entry.id];
    return plan ? { ...entry, instalments: plan } : entry;
  });
}

/** The seeded products at their default prices: the catalogue of a season whose settings are not read (a page before they load, an earlier season). */
export function seedCatalogue(): CatalogueProduct[] {
  return seasonCatalogue(SEED_PRICES, []);
}

/**
 * The product id of a plan as recorded (`order_items.plan`, `payments.plan`):
 * a seeded product's id ('Campo Estivo - Acconto' → 'campo-acconto'), or
 * the slug of a season product's name ('Uscita di Pasqua' → 'uscita-di-pasqua').
 */
export function productIdOfPlan(plan: string): string {
  return productOfPlan(SEED_PRODUCTS, plan)?.id ?? productSlug(plan);
}

/**
 * The names of the product recorded as `plan`: a seeded product's, or those
 * a season product's name gives ({@link namesFromName}). Names never depend
 * on a season's settings, so an order's e-mails and reasons need no catalogue.
 */
export function namesOfPlan(plan: string): ProductNames {
  return productOfPlan(SEED_PRODUCTS, plan)?.names ?? namesFromName(plan);
}

/**
 * The document id of the order item a child holds for a product in a
 * season: `{season}_{product id}_{childId}`, e.g.
 * '2025_campo-acconto_son-rossi-marco' (docs/data-model.md, "One product
 * per child and season"). A child buys each product once a season, so the
 * id is unique; recordOrder creates items under it inside its transaction,
 * which makes a second order of the same product fail even when two arrive
 * at once. `plan` as recorded ({@link productIdOfPlan}).
 */
export function seasonItemId(season: number, plan: string, childId: string): string {
  return `${season}_${productIdOfPlan(plan)}_${childId}`;
}

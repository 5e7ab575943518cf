import type { Branch } from './plans';
import type { SeasonPrices } from './price-rule';
import { mayBuy, specCatalogue, type CatalogueProduct } from './catalogue';
import { priceOrder } from './products';
import { sumEuros } from './money';

/** The example family 'Impostazioni stagione' prices a change on: three children, one per branch, in this tick order. */
export const EXAMPLE_FAMILY: ReadonlyArray<{ id: string; name: string; branch: Branch }> = [
  { id: 'example-1', name: '1° figlio', branch: 'Branco' },
  { id: 'example-2', name: '2° figlio', branch: 'Reparto' },
  { id: 'example-3', name: '3° figlio', branch: 'Clan' },
];

/** What the example family pays for one product, now and with the change, in euros. */
export interface PreviewRow {
  plan: string;
  /** The children who may buy it, by name. */
  children: string[];
  beforeEuros: number;
  afterEuros: number;
}

/**
 * The example family's total for each product under `before` and `after`
 * (priceOrder, the children who may buy it ticked in order, none holding it
 * yet): the effect of a price change before it is saved.
 */
export function previewPriceChange(before: SeasonPrices, after: SeasonPrices): PreviewRow[] {
  const changed = specCatalogue(after);
  return specCatalogue(before).map((product, index) => {
    const buyers = EXAMPLE_FAMILY.filter((child) => mayBuy(product, child.branch));
    const total = (entry: CatalogueProduct) => sumEuros(priceOrder(entry, buyers).map((line) => line.priceEuros));
    return {
      plan: product.plan,
      children: buyers.map((child) => child.name),
      beforeEuros: total(product),
      afterEuros: total(changed[index] ?? product),
    };
  });
}

import type { Branch } from '../branches';
import { mayBuy, type CatalogueProduct } from './product';
import { priceOrder } from './pricing';
import { seasonCatalogue } from './season-catalogue';
import type { SeasonPrices } from './seed';
import { sumEuros } from '../money';

/** The example family 'Impostazioni stagione' prices a change on: three children, one per branch, in this tick order. */
export const EXAMPLE_FAMILY: ReadonlyArray<{ id: string; name: string; surname: string; branch: Branch }> = [
  { id: 'example-1', name: '1° figlio', surname: '', branch: 'Branco' },
  { id: 'example-2', name: '2° figlio', surname: '', branch: 'Reparto' },
  { id: 'example-3', name: '3° figlio', surname: '', branch: 'Clan' },
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
  const changed = seasonCatalogue(after, []);
  return seasonCatalogue(before, []).map((product, index) => {
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

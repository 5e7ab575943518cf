import type { LookupChild } from '@domain/family-lookup';
import type { OrderLine } from '@domain/order';
import type { CatalogueProduct } from '@domain/catalogue';
import { priceOrder } from '@domain/products';
import type { Size } from '@domain/plans';

/**
 * The summary lines of a payment screen: `chosen` (in tick order, with the
 * sizes chosen so far) priced by the season's `product` entry after the `held`
 * siblings (priceOrder, the function the server prices with), each with its
 * size as the note ('' for none) and, on a sibling ladder, why ('2° figlio').
 */
export function orderLinesOf(product: CatalogueProduct, chosen: ReadonlyArray<LookupChild & { size?: Size }>, held: number): OrderLine[] {
  return priceOrder(product, chosen, held).map(({ child, plan, size, priceEuros, priceNote }) => ({
    plan,
    note: size,
    priceEuros,
    ...(priceNote ? { priceNote } : {}),
    child: { id: child.id, name: child.name, surname: child.surname },
  }));
}

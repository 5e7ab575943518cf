import type { Branch } from '../branches';
import type { Size } from './sizes';
import type { LineChild, OrderLine } from './order-line';
import { priceNoteOf, ruleEuros } from './price-rule';
import type { CatalogueProduct } from './product';

/** One chosen child with what pricing needs: its branch and, for a product with sizes, its size. */
export interface ChosenChild extends LineChild {
  branch: Branch;
  size?: Size;
}

/**
 * Prices the chosen children of one order of `product` (its season's rule:
 * docs/product.md, "Prices"; docs/admin.md, "Impostazioni stagione"), in
 * tick order, one order line each. The sibling rank counts first the
 * `alreadyHeld` children of the family who hold the product this season
 * from earlier orders, then the children ticked: a family that paid one
 * Saldo pays the 2nd child's price for the next. The screens and the
 * functions both price with it; call it again on every change (unticking
 * the first child makes the next one first).
 */
export function priceOrder<T extends ChosenChild>(
  product: Pick<CatalogueProduct, 'plan' | 'sizes' | 'price'>,
  children: readonly T[],
  alreadyHeld = 0,
): Array<OrderLine<T>> {
  return children.map((child, position) => {
    const rank = alreadyHeld + position;
    const priceNote = priceNoteOf(product.price, rank);
    return {
      child,
      plan: product.plan,
      size: product.sizes ? (child.size ?? '') : '',
      priceEuros: ruleEuros(product.price, child.branch, rank),
      ...(priceNote ? { priceNote } : {}),
    };
  });
}

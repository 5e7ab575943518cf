import type { Size } from './sizes';

/** A child as an order line names it (stored as `order_items.son_info`). */
export interface LineChild {
  id: string;
  name: string;
  surname: string;
}

/**
 * One line of an order (an order line, docs/glossary.md): one child, one
 * product (its plan), the size ('' when the product has none) and the
 * price in euros. The one shape from the screen's summary to the function,
 * the stored order (mapped to and from Firestore's field names once,
 * src/domain/orders/order-line-fields.ts), the e-mails, the receipt and the
 * admin's list and CSV. `C` is the child as the caller knows it (priceOrder
 * keeps what it was given).
 */
export interface OrderLine<C extends LineChild = LineChild> {
  child: C;
  /** The product's name (`order_items.plan`). */
  plan: string;
  /** The size for a product with sizes, '' otherwise (`order_items.note`). */
  size: Size | '';
  /** Price in euros (`order_items.price`). */
  priceEuros: number;
  /** Why the price is what it is when a sibling ladder lowered it: '2° figlio' (priceOrder); absent once recorded. */
  priceNote?: string;
  /** The `order_items` document the line is stored as, once recorded. */
  itemId?: string;
}

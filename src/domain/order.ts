/** A child as an order line names it. */
export interface ChildInfo {
  id: string;
  name: string;
  surname: string;
}

/**
 * One line a payment screen shows: one child, one plan, its size ('' when
 * none) and its price in euros from src/domain. For display only: the
 * server prices and records the order itself (docs/api.md).
 */
export interface OrderLine {
  /** The product's name (`order_items.plan`). */
  plan: string;
  /** The size for sweatshirts and T-shirts, '' otherwise. */
  note: string;
  /** Price in euros. */
  priceEuros: number;
  /** Why the price is what it is, when it is not the plain price: '2° figlio' (siblingLabel). */
  priceNote?: string;
  /** The child the line is for (stored as `order_items.son_info`, docs/data-model.md). */
  child: ChildInfo;
}

import { sumEuros } from './money';
import { initialPaymentStatus, type PaymentMethod, type PaymentStatus, type Plan } from './plans';

/** A child as the order records it (`order_items.son_info`, SPEC.md section 3). */
export interface SonInfo {
  id: string;
  name: string;
  surname: string;
}

/** One line the parent is paying for: one child, one plan. */
export interface OrderLine {
  plan: Plan;
  /** The size for sweatshirts and T-shirts, '' otherwise. */
  note: string;
  /** Price in euros. */
  priceEuros: number;
  son: SonInfo;
}

/** An `order_items` document without its timestamp (set by the database on commit). */
export interface OrderItemRecord {
  id: string;
  note: string;
  plan: Plan;
  son_info: SonInfo;
  /** Euros. */
  price: number;
}

/** A `payments` document without its timestamp. */
export interface PaymentRecord {
  id: string;
  method: PaymentMethod;
  status: PaymentStatus;
  /** Euros, the sum of the item prices (the card service fee is not part of the order). */
  total_amount: number;
}

/** An `orders` document without its timestamp. */
export interface OrderRecord {
  id: string;
  family_id: string;
  order_items: string[];
  payment_id: string;
}

/** Every record one new order writes (SPEC.md section 4, "Order flow" step 3). */
export interface NewOrder {
  items: OrderItemRecord[];
  payment: PaymentRecord;
  order: OrderRecord;
}

/**
 * Builds the records of a new order: one order item per line, one payment
 * with the summed total and the method's initial status, and the order that
 * links family, items and payment. `newId` makes document ids (the database's
 * auto ids in the app, a counter in tests).
 * @throws Error when `lines` is empty: an order has at least one child.
 */
export function buildOrder(input: {
  familyId: string;
  method: PaymentMethod;
  lines: readonly OrderLine[];
  newId: () => string;
}): NewOrder {
  const { familyId, method, lines, newId } = input;
  if (lines.length === 0) throw new Error('Un ordine deve contenere almeno un figlio');
  const items = lines.map<OrderItemRecord>((line) => ({
    id: newId(),
    note: line.note,
    plan: line.plan,
    son_info: { id: line.son.id, name: line.son.name, surname: line.son.surname },
    price: line.priceEuros,
  }));
  const payment: PaymentRecord = {
    id: newId(),
    method,
    status: initialPaymentStatus(method),
    total_amount: sumEuros(items.map((item) => item.price)),
  };
  const order: OrderRecord = {
    id: newId(),
    family_id: familyId,
    order_items: items.map((item) => item.id),
    payment_id: payment.id,
  };
  return { items, payment, order };
}

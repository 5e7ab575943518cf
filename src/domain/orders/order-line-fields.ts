import type { OrderLine } from '../catalogue/order-line';
import type { OrderItemDocument } from './order-item-schema';
import type { PaymentDocument } from '../payments/payment-schema';

/**
 * The one converter between an order line (OrderLine) and the field names
 * the spec fixes for it in Firestore (docs/data-model.md, `order_items`,
 * `payments.lines`): `note` is the size, `price` the euros, `son_info` (or
 * `child_id`, `name`, `surname` in a payment's copy) the child. Every
 * reader and writer of a stored line goes through here.
 */

/** The fields of an `order_items` document that hold its line. */
export type ItemLineFields = Pick<OrderItemDocument, 'note' | 'plan' | 'son_info' | 'price'>;

/** One line of `payments.lines`, as stored. */
export type PaymentLineFields = PaymentDocument['lines'][number];

/** The line an `order_items` document holds (its id as `itemId`). */
export function lineOfItem(item: ItemLineFields & Partial<Pick<OrderItemDocument, 'id'>>): OrderLine {
  return {
    child: { id: item.son_info.id, name: item.son_info.name, surname: item.son_info.surname },
    plan: item.plan,
    size: item.note,
    priceEuros: item.price,
    ...(item.id ? { itemId: item.id } : {}),
  };
}

/** The `order_items` fields of `line`. */
export function itemFieldsOf(line: OrderLine): ItemLineFields {
  return {
    note: line.size,
    plan: line.plan,
    son_info: { id: line.child.id, name: line.child.name, surname: line.child.surname },
    price: line.priceEuros,
  };
}

/** The lines of a payment (`payments.lines`, tick order) as order lines of its `plan`, each with its item's id. */
export function linesOfPayment(payment: Pick<PaymentDocument, 'lines' | 'plan'>): OrderLine[] {
  return payment.lines.map((stored) => ({
    child: { id: stored.child_id, name: stored.name, surname: stored.surname },
    plan: payment.plan,
    size: stored.note,
    priceEuros: stored.price,
    itemId: stored.item_id,
  }));
}

/** The `payments.lines` entry of `line`, stored as the item `itemId`. */
export function paymentLineFieldsOf(line: OrderLine, itemId: string): PaymentLineFields {
  return {
    item_id: itemId,
    child_id: line.child.id,
    name: line.child.name,
    surname: line.child.surname,
    note: line.size,
    price: line.priceEuros,
  };
}

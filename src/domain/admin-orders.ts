import type { FamilyDocument, OrderDocument, OrderItemDocument, PaymentDocument } from './documents';
import type { PaymentMethod, PaymentStatus, Plan } from './plans';

/**
 * The documents the admin list joins, as declared once in
 * src/domain/documents.ts (docs/data-model.md), reduced to the fields it reads.
 */
export interface AdminSource {
  orders: ReadonlyArray<Pick<OrderDocument, 'id' | 'created_at' | 'family_id' | 'order_items' | 'payment_id'>>;
  families: ReadonlyArray<Pick<FamilyDocument, 'id' | 'surname'>>;
  payments: ReadonlyArray<Pick<PaymentDocument, 'id' | 'created_at' | 'method' | 'status' | 'total_amount'>>;
  orderItems: ReadonlyArray<Pick<OrderItemDocument, 'id' | 'plan' | 'note' | 'price' | 'son_info'>>;
}

/** One child line under an order in the admin list. */
export interface AdminOrderChild {
  id: string;
  surname: string;
  name: string;
  plan: Plan;
  /** Size for sweatshirts and T-shirts, '' otherwise. */
  note: OrderItemDocument['note'];
  /** Euros. */
  price: number;
}

/** One order row of /admin/check-pagamenti (docs/product.md, "Screens"). */
export interface AdminOrderRow {
  orderId: string;
  familySurname: string;
  /** The payment's creation time; the order's when the payment is missing. */
  paymentDate: Date;
  method: PaymentMethod | null;
  status: PaymentStatus | null;
  /** Euros. */
  totalAmount: number | null;
  children: AdminOrderChild[];
}

/**
 * Joins orders with their family, payment and items, keeping the orders'
 * order (newest first as read). A reference that points nowhere yields a
 * row with empty fields rather than dropping the order: the admin must see
 * every order.
 */
export function joinAdminOrders(source: AdminSource): AdminOrderRow[] {
  const families = new Map(source.families.map((family) => [family.id, family]));
  const payments = new Map(source.payments.map((payment) => [payment.id, payment]));
  const items = new Map(source.orderItems.map((item) => [item.id, item]));
  return source.orders.map((order) => {
    const payment = payments.get(order.payment_id);
    return {
      orderId: order.id,
      familySurname: families.get(order.family_id)?.surname ?? '',
      paymentDate: payment?.created_at ?? order.created_at,
      method: payment?.method ?? null,
      status: payment?.status ?? null,
      totalAmount: payment?.total_amount ?? null,
      children: order.order_items.flatMap((itemId) => {
        const item = items.get(itemId);
        return item
          ? [{ id: item.id, surname: item.son_info.surname, name: item.son_info.name, plan: item.plan, note: item.note, price: item.price }]
          : [];
      }),
    };
  });
}

/**
 * Normalises a surname for the admin filter: spaces removed, lower case
 * (docs/product.md, "Screens": the order list filters by surname, ignoring spaces and case). "De Rossi" -> "derossi".
 */
export function surnameFilterKey(surname: string): string {
  return surname.replace(/\s+/g, '').toLowerCase();
}

/** Keeps the rows whose family surname contains `query`, ignoring spaces and case. */
export function filterBySurname(rows: readonly AdminOrderRow[], query: string): AdminOrderRow[] {
  const key = surnameFilterKey(query);
  if (!key) return [...rows];
  return rows.filter((row) => surnameFilterKey(row.familySurname).includes(key));
}

import type { PaymentMethod, PaymentStatus, Plan } from './plans';

/** Minimal shapes of the documents the admin list joins (SPEC.md section 3). */
export interface AdminSource {
  orders: Array<{ id: string; created_at: Date | null; family_id: string; order_items: string[]; payment_id: string }>;
  families: Array<{ id: string; surname: string }>;
  payments: Array<{ id: string; created_at: Date | null; method: PaymentMethod; status: PaymentStatus; total_amount: number }>;
  orderItems: Array<{ id: string; plan: Plan; note: string; price: number; son_info: { id: string; name: string; surname: string } }>;
}

/** One child line under an order in the admin list. */
export interface AdminOrderChild {
  id: string;
  surname: string;
  name: string;
  plan: Plan;
  /** Size for sweatshirts and T-shirts, '' otherwise. */
  note: string;
  /** Euros. */
  price: number;
}

/** One order row of /admin/check-pagamenti (SPEC.md section 2, "Admin list"). */
export interface AdminOrderRow {
  orderId: string;
  familySurname: string;
  /** The payment's creation time; null while the server timestamp is pending. */
  paymentDate: Date | null;
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
 * (SPEC.md section 2: "ignores spaces and case"). "De Rossi" -> "derossi".
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

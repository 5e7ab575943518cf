import { queryOptions, useQuery } from '@tanstack/react-query';
import { collection, getDocs, orderBy, query } from 'firebase/firestore/lite';
import { joinAdminOrders, type AdminOrderRow } from '@/domain/admin-orders';
import { COLLECTION } from '@/domain/documents';
import { queryKeys } from '@/lib/api/query-keys';
import { converterOf, readDocuments } from '@/lib/db/documents';
import { getFirebase } from '@/lib/firebase';

/** The admin list as read: one row per readable order, and the paths of the documents that could not be read. */
export interface AdminOrders {
  /** Newest first. */
  rows: AdminOrderRow[];
  /** Paths ('orders/o1', 'payments/p1', …) of documents that do not match their schema, already logged. */
  unreadable: string[];
}

/**
 * Reads the admin list (docs/data-model.md, "Reading": every order newest
 * first, with all families, payments and order items) through the documents'
 * converters (src/lib/db/documents.ts) and joins it into one row per order
 * (joinAdminOrders). A document that does not match its schema is logged
 * (console.error) and left out; its path is listed in `unreadable` and the
 * rest is still shown: a bad order is missing, a bad payment leaves its
 * order's payment fields empty, a bad item leaves its child out. Needs a
 * signed-in admin (docs/security.md).
 * @throws ServiceNotConfiguredError without Firebase settings; FirebaseError
 * when the database cannot be read (e.g. 'permission-denied').
 */
export async function fetchAdminOrders(): Promise<AdminOrders> {
  const { db } = getFirebase();
  const read = <C extends 'orders' | 'families' | 'payments' | 'order_items'>(name: C) =>
    collection(db, name).withConverter(converterOf(name));
  const [orders, families, payments, orderItems] = await Promise.all([
    getDocs(query(read(COLLECTION.orders), orderBy('created_at', 'desc'))),
    getDocs(read(COLLECTION.families)),
    getDocs(read(COLLECTION.payments)),
    getDocs(read(COLLECTION.orderItems)),
  ]);
  const source = {
    orders: readDocuments(orders.docs),
    families: readDocuments(families.docs),
    payments: readDocuments(payments.docs),
    orderItems: readDocuments(orderItems.docs),
  };
  return {
    rows: joinAdminOrders({
      orders: source.orders.documents,
      families: source.families.documents,
      payments: source.payments.documents,
      orderItems: source.orderItems.documents,
    }),
    unreadable: Object.values(source).flatMap(({ invalid }) => invalid.map((error) => error.path)),
  };
}

/** The admin list's query: kept fresh for 30 s, so going back and forth does not read four collections again. */
export function adminOrdersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.adminOrders, queryFn: fetchAdminOrders, staleTime: 30_000 });
}

/** The admin list ({@link adminOrdersQueryOptions}). */
export function useAdminOrders() {
  return useQuery(adminOrdersQueryOptions());
}

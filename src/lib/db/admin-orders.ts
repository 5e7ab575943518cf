import { collection, getDocs, orderBy, query } from 'firebase/firestore/lite';
import { joinAdminOrders, type AdminOrderRow } from '../../domain/admin-orders';
import { getFirebase } from '../firebase';
import { COLLECTION, toFamily, toOrder, toOrderItem, toPayment } from './documents';

/**
 * Reads the admin list (SPEC.md section 7: all orders by created_at
 * descending; all families, payments and order items) and joins it into one
 * row per order, newest first. Needs a signed-in admin (security rules).
 * @throws FirebaseError when the database cannot be read.
 */
export async function fetchAdminOrders(): Promise<AdminOrderRow[]> {
  const { db } = getFirebase();
  const [orders, families, payments, orderItems] = await Promise.all([
    getDocs(query(collection(db, COLLECTION.orders), orderBy('created_at', 'desc'))),
    getDocs(collection(db, COLLECTION.families)),
    getDocs(collection(db, COLLECTION.payments)),
    getDocs(collection(db, COLLECTION.orderItems)),
  ]);
  return joinAdminOrders({
    orders: orders.docs.map((d) => toOrder(d.id, d.data())),
    families: families.docs.map((d) => toFamily(d.id, d.data())),
    payments: payments.docs.map((d) => toPayment(d.id, d.data())),
    orderItems: orderItems.docs.map((d) => toOrderItem(d.id, d.data())),
  });
}

import { arrayUnion, collection, doc, runTransaction, serverTimestamp } from 'firebase/firestore/lite';
import { buildOrder, type OrderLine } from '../../domain/order';
import type { PaymentMethod } from '../../domain/plans';
import { getFirebase } from '../firebase';
import { ensureSession } from '../session';
import { COLLECTION } from './documents';

/** What {@link saveOrder} needs: the family, the method and one line per child. */
export interface SaveOrderInput {
  familyId: string;
  method: PaymentMethod;
  lines: OrderLine[];
  /**
   * The order's document id. The Online path passes the PaymentIntent id, so
   * saving the same payment twice (a reload of /payment-success) writes once.
   * Omitted: a new auto id.
   */
  orderId?: string;
}

/** The saved order's id, and whether it had been saved before this call. */
export interface SaveOrderResult {
  orderId: string;
  /** Euros, the order total as recorded in the payment. */
  totalAmountEuros: number;
  alreadySaved: boolean;
}

/**
 * Saves an order as SPEC.md section 4 describes — one order item per child,
 * one payment with the summed total, the order linking them, and the order id
 * appended to the family's orders_id with updated_at — in ONE Firestore
 * transaction: either every document is written or none is. Timestamps are
 * server timestamps. Idempotent per `orderId`.
 * @throws FirebaseError when the commit fails (e.g. `not-found` if the family
 * document does not exist, `unavailable` offline); nothing is written then.
 */
export async function saveOrder(input: SaveOrderInput): Promise<SaveOrderResult> {
  await ensureSession();
  const { db } = getFirebase();
  const newId = () => doc(collection(db, COLLECTION.orders)).id;
  const records = buildOrder({ familyId: input.familyId, method: input.method, lines: input.lines, newId });
  const orderId = input.orderId ?? records.order.id;
  const orderRef = doc(db, COLLECTION.orders, orderId);

  return runTransaction(db, async (transaction) => {
    const existing = await transaction.get(orderRef);
    if (existing.exists()) {
      return { orderId, totalAmountEuros: records.payment.total_amount, alreadySaved: true };
    }
    const createdAt = serverTimestamp();
    for (const item of records.items) {
      transaction.set(doc(db, COLLECTION.orderItems, item.id), { ...item, created_at: createdAt });
    }
    transaction.set(doc(db, COLLECTION.payments, records.payment.id), { ...records.payment, created_at: createdAt });
    transaction.set(orderRef, { ...records.order, id: orderId, created_at: createdAt });
    transaction.update(doc(db, COLLECTION.families, input.familyId), {
      orders_id: arrayUnion(orderId),
      updated_at: createdAt,
    });
    return { orderId, totalAmountEuros: records.payment.total_amount, alreadySaved: false };
  });
}

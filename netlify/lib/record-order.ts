import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { COLLECTION, orderItemDocument, paymentDocument } from '../../src/domain/documents';
import { sumEuros } from '../../src/domain/money';
import type { PaymentMethod, PaymentStatus, Plan, Size } from '../../src/domain/plans';
import { readSnapshot } from './documents';

/** One line of an order to record: a child, a plan, the size ('' when none) and the price in euros. */
export interface LineToRecord {
  child: { id: string; name: string; surname: string };
  plan: Plan;
  size: Size | '';
  priceEuros: number;
}

/** An order to record under a known id. */
export interface OrderToRecord {
  /** The order's document id: derived from the idempotency key (Bonifico) or the PaymentIntent id (Online). */
  orderId: string;
  familyId: string;
  method: PaymentMethod;
  status: PaymentStatus;
  lines: LineToRecord[];
}

/** An order as recorded, in the shape the functions answer (docs/api.md). */
export interface RecordedOrder {
  orderId: string;
  method: PaymentMethod;
  status: PaymentStatus;
  /** The items' sum in euros. */
  totalEuros: number;
  lines: Array<{ childId: string; name: string; plan: Plan; size: Size | ''; priceEuros: number }>;
}

/**
 * Records an order (docs/data-model.md, "Writing an order") in ONE Firestore
 * transaction: one `order_items` document per line, one `payments` document
 * with the summed total, the `orders` document under `orderId`, and the
 * order id added to the family's `orders_id` with `updated_at`; timestamps
 * are the server's. Either everything is written or nothing is.
 *
 * Idempotent per `orderId`: when the order exists (a retried request, a
 * second webhook delivery, two at once) nothing is written and the stored
 * order is returned with `created: false`.
 * @throws Error (gRPC NOT_FOUND) when the family does not exist; nothing is written then.
 */
export async function recordOrder(db: Firestore, order: OrderToRecord): Promise<{ created: boolean; order: RecordedOrder }> {
  const orderRef = db.collection(COLLECTION.orders).doc(order.orderId);
  return db.runTransaction(async (transaction) => {
    const existing = await transaction.get(orderRef);
    if (existing.exists) return { created: false, order: await readRecorded(transaction, existing) };

    const now = FieldValue.serverTimestamp();
    const items = order.lines.map((line) => ({ ref: db.collection(COLLECTION.orderItems).doc(), line }));
    const paymentRef = db.collection(COLLECTION.payments).doc();
    const totalEuros = sumEuros(order.lines.map((line) => line.priceEuros));
    for (const { ref, line } of items) {
      transaction.create(ref, {
        id: ref.id,
        created_at: now,
        note: line.size,
        plan: line.plan,
        son_info: { id: line.child.id, name: line.child.name, surname: line.child.surname },
        price: line.priceEuros,
      });
    }
    transaction.create(paymentRef, {
      id: paymentRef.id,
      created_at: now,
      method: order.method,
      status: order.status,
      total_amount: totalEuros,
    });
    transaction.create(orderRef, {
      id: order.orderId,
      created_at: now,
      family_id: order.familyId,
      order_items: items.map(({ ref }) => ref.id),
      payment_id: paymentRef.id,
    });
    transaction.update(db.collection(COLLECTION.families).doc(order.familyId), {
      orders_id: FieldValue.arrayUnion(order.orderId),
      updated_at: now,
    });
    return {
      created: true,
      order: {
        orderId: order.orderId,
        method: order.method,
        status: order.status,
        totalEuros,
        lines: order.lines.map((line) => ({
          childId: line.child.id,
          name: line.child.name,
          plan: line.plan,
          size: line.size,
          priceEuros: line.priceEuros,
        })),
      },
    };
  });
}

/** Reads a stored order back, with its items (in order) and payment, inside the transaction. */
async function readRecorded(
  transaction: FirebaseFirestore.Transaction,
  snapshot: FirebaseFirestore.DocumentSnapshot,
): Promise<RecordedOrder> {
  const db = snapshot.ref.firestore;
  const data = snapshot.data() as { order_items?: string[]; payment_id?: string };
  const itemIds = data.order_items ?? [];
  const [paymentSnapshot, ...itemSnapshots] = await transaction.getAll(
    db.collection(COLLECTION.payments).doc(data.payment_id ?? 'missing'),
    ...itemIds.map((id) => db.collection(COLLECTION.orderItems).doc(id)),
  );
  const payment = paymentSnapshot ? readSnapshot(paymentDocument, paymentSnapshot) : null;
  if (!payment) throw new Error(`Order ${snapshot.id} has no payment`);
  const items = itemSnapshots.flatMap((itemSnapshot) => {
    const item = readSnapshot(orderItemDocument, itemSnapshot);
    return item ? [item] : [];
  });
  return {
    orderId: snapshot.id,
    method: payment.method,
    status: payment.status,
    totalEuros: payment.total_amount,
    lines: items.map((item) => ({
      childId: item.son_info.id,
      name: item.son_info.name,
      plan: item.plan,
      size: item.note,
      priceEuros: item.price,
    })),
  };
}

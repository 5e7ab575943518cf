import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTION, type PaymentDocument } from '../../src/domain/documents';
import { seasonItemId } from '../../src/domain/products';

/**
 * Frees the products of a payment that no longer holds them (refunded in
 * full, a dispute lost): its order items leave the `{season}_{product}_{childId}`
 * ids that hold a child's product (docs/data-model.md, "One product per
 * child and season") for fresh ids, so the child may buy the product again;
 * the items themselves are kept for the books. Split in a read and a write,
 * because a Firestore transaction reads everything before it writes.
 */

/** The payment's items that sit on a season id, read in the transaction. */
export interface HeldItems {
  snapshots: DocumentSnapshot[];
}

/** Reads, inside `transaction`, the payment's items whose id is the season id of their child and plan. */
export async function readHeldItems(db: Firestore, transaction: Transaction, payment: PaymentDocument): Promise<HeldItems> {
  const refs = payment.lines
    .filter((line) => line.item_id === seasonItemId(payment.season, payment.plan, line.child_id))
    .map((line) => db.collection(COLLECTION.orderItems).doc(line.item_id));
  const snapshots = refs.length > 0 ? await transaction.getAll(...refs) : [];
  return { snapshots: snapshots.filter((snapshot) => snapshot.exists && snapshot.get('payment_id') === payment.id) };
}

/**
 * Moves the held items to fresh ids inside `transaction`: each is created
 * under a new id and deleted from its season id. Returns the payment's
 * `lines` and the order's `order_items` with the new ids, for the caller's
 * own updates of the payment and the order (`orderRef`, when it exists).
 */
export function releaseItems(
  db: Firestore,
  transaction: Transaction,
  held: HeldItems,
  payment: PaymentDocument,
  order: { ref: DocumentReference; itemIds: readonly string[] } | null,
): { lines: PaymentDocument['lines']; orderItems: string[] | null } {
  const renamed = new Map<string, string>();
  for (const snapshot of held.snapshots) {
    const fresh = db.collection(COLLECTION.orderItems).doc();
    transaction.create(fresh, { ...snapshot.data(), id: fresh.id });
    transaction.delete(snapshot.ref);
    renamed.set(snapshot.id, fresh.id);
  }
  return {
    lines: payment.lines.map((line) => ({ ...line, item_id: renamed.get(line.item_id) ?? line.item_id })),
    orderItems: order ? order.itemIds.map((id) => renamed.get(id) ?? id) : null,
  };
}

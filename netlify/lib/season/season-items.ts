import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { seasonItemId } from '@domain/catalogue/season-catalogue';
import { COLLECTION } from '@domain/collections';
import type { PaymentDocument } from '@domain/payments/payment-schema';
import { linesOfPayment, paymentLineFieldsOf } from '@domain/orders/order-line-fields';

/**
 * Frees the products of a payment that no longer holds them (refunded in
 * full, a dispute lost): its order items leave the `{season}_{product}_{childId}`
 * ids that hold a child's product (docs/data-model.md, "One product per
 * child and season") for fresh ids, so the child may buy the product again;
 * the items themselves are kept for the books. A failed refund brings them
 * back to those ids. Split in a read and a write, because a Firestore
 * transaction reads everything before it writes.
 */

/** The payment's items that sit on a season id, read in the transaction. */
export interface HeldItems {
  snapshots: DocumentSnapshot[];
}

/** Reads, inside `transaction`, the payment's items whose id is the season id of their child and plan. */
export async function readHeldItems(db: Firestore, transaction: Transaction, payment: PaymentDocument): Promise<HeldItems> {
  const refs = linesOfPayment(payment)
    .filter((line) => line.itemId === seasonItemId(payment.season, payment.plan, line.child.id))
    .map((line) => db.collection(COLLECTION.orderItems).doc(line.itemId ?? ''));
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
    lines: renamedLines(payment, renamed),
    orderItems: order ? order.itemIds.map((id) => renamed.get(id) ?? id) : null,
  };
}

/** The payment's `lines` as stored, each item under its new id when `renamed` names one. */
function renamedLines(payment: PaymentDocument, renamed: ReadonlyMap<string, string>): PaymentDocument['lines'] {
  return linesOfPayment(payment).map((line) => {
    const itemId = line.itemId ?? '';
    return paymentLineFieldsOf(line, renamed.get(itemId) ?? itemId);
  });
}

/** A payment's items that left their season ids (released), read in the transaction with whether each season id is free again. */
export interface ReleasedItems {
  items: Array<{ snapshot: DocumentSnapshot; seasonRef: DocumentReference; free: boolean }>;
  /** True when every released item can go back to its season id (no other payment holds the product now). */
  allFree: boolean;
}

/**
 * Reads, inside `transaction`, the payment's items whose id is not the
 * season id of their child and plan (freed by a refund, a dispute lost),
 * and whether that season id is free: a payment a failed refund brings back
 * holds its products again ({@link reholdItems}) unless the child bought
 * the product again meanwhile.
 */
export async function readReleasedItems(db: Firestore, transaction: Transaction, payment: PaymentDocument): Promise<ReleasedItems> {
  const lines = linesOfPayment(payment)
    .map((line) => ({ line, seasonId: seasonItemId(payment.season, payment.plan, line.child.id) }))
    .filter(({ line, seasonId }) => line.itemId !== seasonId);
  if (lines.length === 0) return { items: [], allFree: true };
  const refs = lines.flatMap(({ line, seasonId }) => [
    db.collection(COLLECTION.orderItems).doc(line.itemId ?? ''),
    db.collection(COLLECTION.orderItems).doc(seasonId),
  ]);
  const snapshots = await transaction.getAll(...refs);
  const items = lines.flatMap((_, index) => {
    const item = snapshots[2 * index];
    const season = snapshots[2 * index + 1];
    return item?.exists && season ? [{ snapshot: item, seasonRef: season.ref, free: !season.exists }] : [];
  });
  return { items, allFree: items.every((item) => item.free) };
}

/**
 * Moves the released items whose season id is free back to it inside
 * `transaction` (the inverse of {@link releaseItems}); the others stay
 * where they are. Returns the payment's `lines` and the order's
 * `order_items` with the ids they have now.
 */
export function reholdItems(
  transaction: Transaction,
  released: ReleasedItems,
  payment: PaymentDocument,
  order: { ref: DocumentReference; itemIds: readonly string[] } | null,
): { lines: PaymentDocument['lines']; orderItems: string[] | null } {
  const renamed = new Map<string, string>();
  for (const { snapshot, seasonRef, free } of released.items) {
    if (!free) continue;
    transaction.create(seasonRef, { ...snapshot.data(), id: seasonRef.id });
    transaction.delete(snapshot.ref);
    renamed.set(snapshot.id, seasonRef.id);
  }
  return {
    lines: renamedLines(payment, renamed),
    orderItems: order ? order.itemIds.map((id) => renamed.get(id) ?? id) : null,
  };
}

import type { Firestore } from 'firebase-admin/firestore';
import { childDocument, type ChildDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { familyDocument, type FamilyDocument } from '@domain/roster/family-schema';
import { orderItemDocument, type OrderItemDocument } from '@domain/orders/order-item-schema';
import { parentDocument, type ParentDocument } from '@domain/roster/parent-schema';
import { paymentDocument, type PaymentDocument } from '@domain/payments/payment-schema';
import { getAllById, readSnapshot } from '../platform/snapshots';
import { hasReceipt, type ReceiptedPayment } from '@domain/receipts/receipt';

/** A family found by a parent's fiscal code, with its children sorted by name. */
export interface FamilyWithChildren {
  family: FamilyDocument;
  children: ChildDocument[];
}

/** The parent whose fiscal code is `cf` (normalised), or null. */
export async function findParentByCf(db: Firestore, cf: string): Promise<ParentDocument | null> {
  const parents = await db.collection(COLLECTION.parents).where('cf', '==', cf).limit(1).get();
  const parentSnapshot = parents.docs[0];
  return parentSnapshot ? readSnapshot(parentDocument, parentSnapshot) : null;
}

/** Most children a family may have on record; more is a data error, not a family. */
const MAX_CHILDREN = 50;

/**
 * Finds the family of the parent whose fiscal code is `cf` (normalised),
 * as a parent sees it: `parents` where cf ==, the family, its `sons` where
 * family_id ==, archived children left out (kept for the books, never
 * offered to a parent).
 * Resolves null when no parent has the code, or the family is gone.
 * @throws InvalidDocumentError when a stored document does not match its schema.
 */
export async function findFamilyByParentCf(db: Firestore, cf: string): Promise<FamilyWithChildren | null> {
  const parent = await findParentByCf(db, cf);
  if (!parent) return null;
  const found = await findFamilyById(db, parent.family_id);
  return found && { ...found, children: found.children.filter((child) => child.archived_at === null) };
}

/** One order item of a family with its payment (null when the payment is missing). */
export interface FamilyItem {
  item: OrderItemDocument;
  payment: PaymentDocument | null;
}

/**
 * The order items of a family in a season, each with its payment:
 * `order_items` where family_id == and season ==, then their payments in one
 * batched get (docs/data-model.md, "Reading").
 */
export async function findFamilyItems(db: Firestore, familyId: string, season: number): Promise<FamilyItem[]> {
  const itemsSnapshot = await db.collection(COLLECTION.orderItems).where('family_id', '==', familyId).where('season', '==', season).get();
  const items = itemsSnapshot.docs
    .map((snapshot) => readSnapshot(orderItemDocument, snapshot))
    .filter((item): item is OrderItemDocument => item !== null)
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  const payments = await getAllById(
    db,
    COLLECTION.payments,
    items.map((item) => item.payment_id),
    paymentDocument,
  );
  const paymentsById = new Map(payments.map((payment) => [payment.id, payment]));
  return items.map((item) => ({ item, payment: paymentsById.get(item.payment_id) ?? null }));
}

/**
 * The family `familyId` with all its children, archived ones included,
 * sorted by name (the Stripe webhook rebuilds an order from a
 * PaymentIntent's metadata with it: a payment taken is recorded even for a
 * child archived since).
 * Resolves null when the family does not exist.
 */
export async function findFamilyById(db: Firestore, familyId: string): Promise<FamilyWithChildren | null> {
  const [familySnapshot, childrenSnapshot] = await Promise.all([
    db.collection(COLLECTION.families).doc(familyId).get(),
    db.collection(COLLECTION.sons).where('family_id', '==', familyId).limit(MAX_CHILDREN).get(),
  ]);
  const family = readSnapshot(familyDocument, familySnapshot);
  if (!family) return null;
  const children = childrenSnapshot.docs
    .map((snapshot) => readSnapshot(childDocument, snapshot))
    .filter((child): child is ChildDocument => child !== null)
    .sort((a, b) => a.name.localeCompare(b.name, 'it'));
  return { family, children };
}

/**
 * The payments of a family that have a receipt, every season (docs/admin.md,
 * "Receipts"): `payments` where family_id ==, a family has a handful.
 */
export async function findFamilyReceipts(db: Firestore, familyId: string): Promise<ReceiptedPayment[]> {
  const snapshot = await db.collection(COLLECTION.payments).where('family_id', '==', familyId).get();
  return snapshot.docs.flatMap((document) => {
    const payment = readSnapshot(paymentDocument, document);
    return payment && hasReceipt(payment) ? [payment] : [];
  });
}

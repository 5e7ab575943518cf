import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';

/**
 * The queries of the roster's writers (the import, the family editor), read
 * in their transaction: people by fiscal code, a child's orders, a family's
 * parents. Each is an equality on one field: no composite index
 * (docs/data-model.md, "The roster").
 */

/** Firestore's largest `in` list. */
const IN_LIMIT = 30;

/**
 * The documents of `collection` (sons or parents) whose `cf` is one of
 * `codes`, by `in` queries of 30, parsed by `parse` (null: left out); read
 * in `transaction`, or outside any when it is null.
 */
export async function peopleByFiscalCode<T>(
  db: Firestore,
  transaction: Transaction | null,
  collection: typeof COLLECTION.sons | typeof COLLECTION.parents,
  codes: readonly string[],
  parse: (snapshot: DocumentSnapshot) => T | null,
): Promise<T[]> {
  const found: T[] = [];
  // One read at a time: the Firestore emulator does not order concurrent reads of one transaction.
  for (let start = 0; start < codes.length; start += IN_LIMIT) {
    const query = db.collection(collection).where('cf', 'in', codes.slice(start, start + IN_LIMIT));
    const result = await (transaction ? transaction.get(query) : query.get());
    found.push(...result.docs.flatMap((snapshot) => parse(snapshot) ?? []));
  }
  return found;
}

/** Who holds a fiscal code, child or parent, other than the document `self`: their id and name, or null. */
export async function holderOfFiscalCode(
  db: Firestore,
  transaction: Transaction,
  cf: string,
  self: string | null,
): Promise<{ id: string; name: string } | null> {
  for (const collection of [COLLECTION.sons, COLLECTION.parents]) {
    const found = await transaction.get(db.collection(collection).where('cf', '==', cf).limit(2));
    const other = found.docs.find((snapshot) => snapshot.id !== self);
    if (other) return { id: other.id, name: `${String(other.get('name') ?? '')} ${String(other.get('surname') ?? '')}`.trim() };
  }
  return null;
}

/** True when some order item names the child `childId` (any season). */
export async function childHasOrders(db: Firestore, transaction: Transaction, childId: string): Promise<boolean> {
  const items = await transaction.get(db.collection(COLLECTION.orderItems).where('son_info.id', '==', childId).limit(1));
  return !items.empty;
}

/** The ids of up to `limit` parents of the family `familyId`. */
export async function familyParentIds(db: Firestore, transaction: Transaction, familyId: string, limit: number): Promise<string[]> {
  const parents = await transaction.get(db.collection(COLLECTION.parents).where('family_id', '==', familyId).limit(limit));
  return parents.docs.map((snapshot) => snapshot.id);
}

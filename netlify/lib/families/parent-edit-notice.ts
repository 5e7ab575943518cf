import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';
import type { ParsedFamilyChange } from '@domain/families/family-change';
import type { FamilyEditPlan } from '@domain/families/family-edit';
import { parentDocument, type ParentDocument } from '@domain/roster/parent-schema';
import type { MailContext } from '../platform/mail/layout';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { enqueueParentNotice } from '../roster/parent-edit-notice';

/**
 * 'Famiglie''s side of the family's notice when the group adds or changes a
 * parent (enqueueParentNotice, netlify/lib/roster/parent-edit-notice.ts):
 * {@link readParentEditNotice} reads before the edit writes;
 * {@link enqueueParentEditNotice} writes after it.
 */

/** What the notice needs, read before the edit: the family's parents as they were. */
export interface ParentEditNotice {
  parents: ParentDocument[];
}

/** Reads, in `transaction`, the parents of the family an addParent or updateParent `change` touches; null for another change (or someone gone: the edit refuses it). */
export async function readParentEditNotice(
  db: Firestore,
  transaction: Transaction,
  change: ParsedFamilyChange,
): Promise<ParentEditNotice | null> {
  let familyId: string | null = null;
  if (change.kind === 'addParent') familyId = change.familyId;
  if (change.kind === 'updateParent') {
    const parent = readSnapshot(parentDocument, await transaction.get(db.collection(COLLECTION.parents).doc(change.parentId)));
    familyId = parent?.family_id ?? null;
  }
  if (familyId === null) return null;
  const snapshot = await transaction.get(db.collection(COLLECTION.parents).where('family_id', '==', familyId));
  return { parents: readAllSnapshots(parentDocument, snapshot.docs) };
}

/**
 * Writes the notice of `plan` (an added or changed parent) in `transaction`.
 * @returns the message's id (deliver it after the commit), or null when nobody is to be told or nothing a parent sees changed.
 */
export function enqueueParentEditNotice(
  db: Firestore,
  transaction: Transaction,
  notice: ParentEditNotice | null,
  plan: FamilyEditPlan,
  context: MailContext,
): string | null {
  const { person } = plan;
  if (!notice || person.kind !== 'parent' || (person.op !== 'create' && person.op !== 'update')) return null;
  return enqueueParentNotice(
    db,
    transaction,
    { familyId: plan.familyId, parents: notice.parents, edit: { op: person.op, id: person.id, fields: person.fields } },
    context,
  );
}

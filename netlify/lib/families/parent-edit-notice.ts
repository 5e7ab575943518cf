import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';
import type { ParsedFamilyChange } from '@domain/families/family-change';
import type { FamilyEditPlan } from '@domain/families/family-edit';
import { parentDocument, type ParentDocument } from '@domain/roster/parent-schema';
import type { MailContext } from '../platform/mail/layout';
import { enqueueMail } from '../platform/mail/outbox';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { parentEditedMail } from './parent-edit-mails';

/**
 * The family is told when the group adds or changes a parent
 * (docs/security.md, "Admin actions and the audit log"): the family's
 * other parents, and the changed parent's previous address when the
 * change replaced it, get 'parentEditedMail' through the outbox, in the
 * edit's transaction. {@link readParentEditNotice} reads before the edit
 * writes; {@link enqueueParentEditNotice} writes after it.
 */

/** What the notice needs, read before the edit: the family's parents as they were. */
export interface ParentEditNotice {
  parents: ParentDocument[];
}

/** The fields a parent's change names, in Italian. */
const FIELD_NAMES = { name: 'nome', surname: 'cognome', cf: 'codice fiscale', email: 'e-mail', phone: 'telefono' } as const;

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

/** 'e-mail: new' for each field the parent's update changed (the fiscal code only said corrected). */
function changedFields(before: ParentDocument, after: Record<string, unknown>): string[] {
  return (Object.keys(FIELD_NAMES) as Array<keyof typeof FIELD_NAMES>)
    .filter((field) => (before[field] ?? null) !== (after[field] ?? null))
    .map((field) => {
      if (field === 'cf') return 'codice fiscale corretto';
      const value = after[field];
      return `${FIELD_NAMES[field]}: ${typeof value === 'string' && value ? value : 'tolto'}`;
    });
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
  const before = notice.parents.find((parent) => parent.id === person.id) ?? null;
  const after = person.fields;
  const changes =
    person.op === 'create' ? (after.email ? [`e-mail: ${after.email}`] : []) : before ? changedFields(before, { ...after }) : [];
  if (person.op === 'update' && changes.length === 0) return null;
  const others = notice.parents.filter((parent) => parent.id !== person.id).map((parent) => parent.email);
  const previous = before?.email && before.email !== after.email ? [before.email] : [];
  const to = [...others, ...previous].filter((email): email is string => Boolean(email) && email !== after.email);
  const content = parentEditedMail(
    { kind: person.op === 'create' ? 'added' : 'changed', parentName: `${after.name} ${after.surname}`.trim(), changes },
    context,
  );
  return enqueueMail(db, transaction, { kind: 'family-parent-edited', to, content, familyId: plan.familyId });
}

import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { FamilyContacts } from '@contracts/family-contacts';
import { confirmFamilyContactsContract } from '@contracts/confirm-family-contacts';
import { AUDIT_ACTION } from '@domain/audit-log';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { familyDocument } from '@domain/roster/family-schema';
import { parentDocument, type ParentDocument } from '@domain/roster/parent-schema';
import { isValidPhone } from '@domain/roster/roster';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import { knownParent } from '@domain/roster/roster-import';
import { indexParent } from '../roster/roster-index';
import type { FamilySession } from '../platform/session';

/**
 * The family's contacts kept true (docs/documents.md, "Contacts"): what
 * family-contacts shows, and confirm-family-contacts's write. Only the
 * session's family is read, and only the session's own parent is changed.
 */

const MESSAGES = confirmFamilyContactsContract.messages;

/** The audit log's actor of a parent acting from their session: `parent:{id}`, named by their e-mail (or their name without one). */
export function parentActor(parent: Pick<ParentDocument, 'id' | 'email' | 'name' | 'surname'>): AuditActor {
  return { uid: `parent:${parent.id}`, email: parent.email ?? (`${parent.name} ${parent.surname}`.trim() || parent.id) };
}

/** The session's parent, read in `transaction`. @throws HttpError 404 `gone` when it is no more, or of another family. */
export async function readSessionParent(db: Firestore, transaction: Transaction, session: FamilySession): Promise<ParentDocument> {
  const parent = readSnapshot(parentDocument, await transaction.get(db.collection(COLLECTION.parents).doc(session.parentId)));
  if (!parent || parent.family_id !== session.familyId) throw new HttpError(404, MESSAGES.gone);
  return parent;
}

/** The contacts of the session's family for `season` (FamilyContacts): parents by id, children by name, archived ones left out. */
export async function readFamilyContacts(db: Firestore, session: FamilySession, season: number): Promise<FamilyContacts> {
  const [familySnapshot, parentsSnapshot, childrenSnapshot] = await Promise.all([
    db.collection(COLLECTION.families).doc(session.familyId).get(),
    db.collection(COLLECTION.parents).where('family_id', '==', session.familyId).get(),
    db.collection(COLLECTION.sons).where('family_id', '==', session.familyId).get(),
  ]);
  const family = readSnapshot(familyDocument, familySnapshot);
  if (!family) throw new HttpError(404, MESSAGES.gone);
  const parents = readAllSnapshots(parentDocument, parentsSnapshot.docs).sort((a, b) => a.id.localeCompare(b.id));
  const children = readAllSnapshots(childDocument, childrenSnapshot.docs)
    .filter((child) => child.archived_at === null)
    .sort((a, b) => a.name.localeCompare(b.name, 'it'));
  return {
    season,
    confirmedAt: family.contacts_confirmed_at?.toISOString() ?? null,
    confirmedThisSeason: family.contacts_confirmed_season === season,
    parents: parents.map((parent) => ({
      id: parent.id,
      name: parent.name,
      surname: parent.surname,
      email: parent.email,
      phone: parent.phone,
      self: parent.id === session.parentId,
    })),
    children: children.map((child) => ({ id: child.id, name: child.name, surname: child.surname, cf: child.cf, branch: child.branch })),
  };
}

/** The phone as typed: trimmed, null when empty, undefined when not given. @throws HttpError 400 when it is not a phone number. */
export function parsePhone(phone: string | undefined): string | null | undefined {
  if (phone === undefined) return undefined;
  const trimmed = phone.trim();
  if (trimmed === '') return null;
  if (!isValidPhone(trimmed)) throw new HttpError(400, MESSAGES.phone);
  return trimmed;
}

/** Writes the session parent's new phone in `transaction`, its roster index entry and its audit entry (before/after). */
function writePhone(db: Firestore, transaction: Transaction, parent: ParentDocument, phone: string | null): void {
  transaction.update(db.collection(COLLECTION.parents).doc(parent.id), { phone });
  indexParent(db, transaction, { ...knownParent(parent), phone });
  recordAudit(db, transaction, {
    actor: parentActor(parent),
    action: AUDIT_ACTION.parentContactChange,
    target: { collection: COLLECTION.parents, id: parent.id },
    summary: `${parent.name} ${parent.surname} ha cambiato il proprio telefono`,
    before: { phone: parent.phone },
    after: { phone },
  });
}

/**
 * 'Confermo' (confirm-family-contacts), in one transaction: the session
 * parent's phone when it changed (applied at once, audited before/after),
 * then the family's `contacts_confirmed_at` and `_season` with its audit
 * entry. A family already confirmed for `season` is not written again
 * (two taps, two parents at once: one confirmation, one entry).
 * @returns when the family's contacts were confirmed.
 */
export async function confirmFamilyContacts(
  db: Firestore,
  session: FamilySession,
  season: number,
  phone: string | null | undefined,
): Promise<Date> {
  return runTransaction(db, async (transaction) => {
    const familyRef = db.collection(COLLECTION.families).doc(session.familyId);
    const family = readSnapshot(familyDocument, await transaction.get(familyRef));
    const parent = await readSessionParent(db, transaction, session);
    if (!family) throw new HttpError(404, MESSAGES.gone);
    if (phone !== undefined && phone !== parent.phone) writePhone(db, transaction, parent, phone);
    if (family.contacts_confirmed_season === season && family.contacts_confirmed_at) return family.contacts_confirmed_at;
    const now = new Date();
    transaction.update(familyRef, {
      contacts_confirmed_at: now,
      contacts_confirmed_season: season,
      updated_at: FieldValue.serverTimestamp(),
    });
    recordAudit(db, transaction, {
      actor: parentActor(parent),
      action: AUDIT_ACTION.contactsConfirm,
      target: { collection: COLLECTION.families, id: family.id },
      summary: `${parent.name} ${parent.surname} ha confermato i contatti della famiglia ${family.surname} per il ${season}`,
      before: { contacts_confirmed_season: family.contacts_confirmed_season },
      after: { contacts_confirmed_season: season },
    });
    return now;
  });
}

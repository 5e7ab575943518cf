import type { Firestore } from 'firebase-admin/firestore';
import { adminEmailChangeContract, type GroupEmailChangeView } from '@contracts/admin-email-change';
import { emailChangeDocument } from '@domain/access/email-change-schema';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { parentDocument } from '@domain/roster/parent-schema';
import { landEmailChange } from './email-change-landing';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import type { MailContext } from '../platform/mail/layout';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { isStaffEmail } from '../staff/staff-emails';

/**
 * The group's side of an e-mail change whose old address is gone
 * (docs/security.md, "Changing a parent's e-mail"; admin-email-change): a
 * change in state `group` (its new address proven by its code) is listed on
 * the family's page, and a volunteer confirms it (it lands as a parent's
 * own, by the volunteer, the old address told) or refuses it (deleted).
 * Each in one transaction with its audit entry.
 */

const MESSAGES = adminEmailChangeContract.messages;

/** The family's changes waiting for the group and not expired, oldest first. */
export async function readGroupEmailChanges(db: Firestore, familyId: string): Promise<GroupEmailChangeView[]> {
  const now = new Date();
  const changes = readAllSnapshots(
    emailChangeDocument,
    (await db.collection(COLLECTION.emailChanges).where('family_id', '==', familyId).get()).docs,
  ).filter((change) => change.state === 'group' && change.expires_at > now);
  const parents = await Promise.all(changes.map((change) => db.collection(COLLECTION.parents).doc(change.parent_id).get()));
  return changes
    .map((change, index) => {
      const parent = readSnapshot(parentDocument, parents[index]!);
      return {
        parentId: change.parent_id,
        name: parent ? `${parent.name} ${parent.surname}`.trim() : '',
        oldEmail: change.old_email,
        newEmail: change.new_email,
        requestedAt: change.created_at.toISOString(),
      };
    })
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
}

/**
 * Confirms (`confirm`) or refuses the change of `parentId` of `familyId`, by `actor`.
 * @returns the old address's message id when a confirmation told it.
 * @throws HttpError 404 `noChange` when no change of that parent of that family waits for the group; 409 `staffEmail` confirming an address that is now a volunteer's (isStaffEmail).
 */
export async function decideGroupEmailChange(
  db: Firestore,
  decision: { familyId: string; parentId: string; confirm: boolean; actor: AuditActor },
  context: MailContext,
): Promise<string | null> {
  const { familyId, parentId, confirm, actor } = decision;
  return runTransaction(db, async (transaction) => {
    const ref = db.collection(COLLECTION.emailChanges).doc(parentId);
    const change = readSnapshot(emailChangeDocument, await transaction.get(ref));
    const parent = readSnapshot(parentDocument, await transaction.get(db.collection(COLLECTION.parents).doc(parentId)));
    const now = new Date();
    const waiting = change && change.state === 'group' && change.expires_at > now && change.family_id === familyId;
    if (!waiting || !parent || parent.family_id !== familyId) throw new HttpError(404, MESSAGES.noChange);
    if (confirm && (await isStaffEmail(db, transaction, change.new_email))) throw new HttpError(409, MESSAGES.staffEmail);
    if (confirm) return landEmailChange(db, transaction, { parent, email: change.new_email, proof: 'group', actor }, context, now);
    transaction.delete(ref);
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.emailChangeRefuse,
      target: { collection: COLLECTION.parents, id: parentId },
      summary: `Cambio dell'indirizzo e-mail di ${parent.name} ${parent.surname} rifiutato dal gruppo`,
      before: { email: parent.email },
      after: { refused: change.new_email },
    });
    return null;
  });
}

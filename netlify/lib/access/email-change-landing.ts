import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { knownParent } from '@domain/roster/roster-import';
import type { ParentDocument } from '@domain/roster/parent-schema';
import { maskEmail } from './access-codes';
import { emailChangedMail } from './access-mails';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import type { MailContext } from '../platform/mail/layout';
import { enqueueMail } from '../platform/mail/outbox';
import { indexParent } from '../roster/roster-index';
import { endParentSessions } from '../platform/session-validity';

/** How a change was proven, as its audit entry says: both codes, or the new address's code and the group's confirmation. */
export type EmailChangeProof = 'codes' | 'group';

const PROOF_TEXT: Record<EmailChangeProof, string> = {
  codes: 'confermato con i codici inviati al vecchio e al nuovo indirizzo',
  group: 'nuovo indirizzo confermato con il codice, vecchio indirizzo non più raggiungibile: cambio confermato dal gruppo',
};

/**
 * Lands a proven e-mail change in `transaction` (docs/security.md,
 * "Changing a parent's e-mail"): the parent's address and roster index entry
 * replaced, `email_changes/{parent id}` deleted, the audit entry (before and
 * after, by `actor`), and 'Il tuo indirizzo e-mail è cambiato' to the OLD
 * address (the new one masked, whom to write to). Writes only: the caller
 * has read `parent` in the same transaction.
 * @returns the old address's message id (null when the parent had none).
 */
export function landEmailChange(
  db: Firestore,
  transaction: Transaction,
  change: { parent: ParentDocument; email: string; proof: EmailChangeProof; actor: AuditActor },
  context: MailContext,
  now: Date,
): string | null {
  const { parent, email, proof, actor } = change;
  transaction.update(db.collection(COLLECTION.parents).doc(parent.id), { email });
  indexParent(db, transaction, { ...knownParent(parent), email });
  transaction.delete(db.collection(COLLECTION.emailChanges).doc(parent.id));
  // Whoever held a session on the old address (a remembered tablet) is signed out (docs/security.md, "Parents' sessions").
  endParentSessions(transaction, db.collection(COLLECTION.parents).doc(parent.id));
  recordAudit(db, transaction, {
    actor,
    action: proof === 'codes' ? AUDIT_ACTION.parentContactChange : AUDIT_ACTION.emailChangeConfirm,
    target: { collection: COLLECTION.parents, id: parent.id },
    summary: `Indirizzo e-mail di ${parent.name} ${parent.surname} cambiato (${PROOF_TEXT[proof]})`,
    before: { email: parent.email },
    after: { email, proof },
  });
  if (!parent.email) return null;
  const content = emailChangedMail({ parentName: `${parent.name} ${parent.surname}`.trim(), maskedNewEmail: maskEmail(email) }, context);
  return enqueueMail(db, transaction, { kind: 'email-changed', to: [parent.email], content, familyId: parent.family_id }, now);
}

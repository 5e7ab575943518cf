import { randomInt, timingSafeEqual } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { changeParentEmailContract } from '@contracts/change-parent-email';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { emailChangeDocument } from '@domain/access/email-change-schema';
import { maskEmail } from './access-codes';
import { recordAudit } from '../platform/audit-log';
import { readSnapshot } from '../platform/snapshots';
import { parentActor, readSessionParent } from '../families/family-contacts';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import type { MailContext } from '../platform/mail/layout';
import { emailChangeCodeMail, emailChangedMail } from './access-mails';
import { spendEmailChangeCode } from './email-change-allowance';
import { enqueueMail } from '../platform/mail/outbox';
import { knownParent } from '@domain/roster/roster-import';
import { indexParent } from '../roster/roster-index';
import { keyedHash } from '../platform/secret-keys';
import type { FamilySession } from '../platform/session';

/**
 * A parent's e-mail change (docs/security.md, "Changing a parent's e-mail"):
 * the session's own parent only. {@link requestEmailChange} keeps one change
 * per parent (`email_changes/{parent id}`) with a fresh 6-digit code's HMAC
 * (keyed by SESSION_SECRET's 'email-change-code' key: the database alone does not reveal it), valid
 * {@link EMAIL_CODE_MINUTES}, and e-mails the code to the NEW address;
 * {@link confirmEmailChange} spends it: in one transaction the parent's
 * e-mail and roster index entry replaced, the change deleted, the audit
 * entry (before/after) and a message to the OLD address written.
 */

/** How long a code is valid. */
export const EMAIL_CODE_MINUTES = 10;
/** Wrong tries a code allows; then a new code is needed. */
export const EMAIL_CODE_MAX_TRIES = 5;
/** Seconds before another code may be asked for. */
export const EMAIL_CODE_RESEND_SECONDS = 60;

const MESSAGES = changeParentEmailContract.messages;

/** HMAC-SHA256 (hex) of the code for the parent and the new address: a code is good only for the change it was sent for. */
const codeHash = (parentId: string, email: string, code: string) =>
  keyedHash('email-change-code', `email-change:${parentId}:${email}:${code}`).toString('hex');

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The address as typed, trimmed and lower case. @throws HttpError 400 when it is not an e-mail address. */
export function parseNewEmail(email: string): string {
  const normalised = email.trim().toLowerCase();
  if (!z.email().safeParse(normalised).success) throw new HttpError(400, MESSAGES.email);
  return normalised;
}

/**
 * Writes a new change for the session's parent (replacing any earlier one)
 * and the code's e-mail to `email`, in one transaction.
 * @returns the outbox message's id (deliver it after the answer).
 * @throws HttpError 400 `same` for the parent's current address; 429 `wait` within a minute of the last code, `tooManyCodesToday` past the day's (spendEmailChangeCode).
 */
export async function requestEmailChange(
  db: Firestore,
  session: FamilySession,
  email: string,
  context: MailContext,
): Promise<string | null> {
  const ref = db.collection(COLLECTION.emailChanges).doc(session.parentId);
  return runTransaction(db, async (transaction) => {
    const parent = await readSessionParent(db, transaction, session);
    const pending = readSnapshot(emailChangeDocument, await transaction.get(ref));
    if (parent.email === email) throw new HttpError(400, MESSAGES.same);
    const now = new Date();
    if (pending && now.getTime() - pending.created_at.getTime() < EMAIL_CODE_RESEND_SECONDS * 1000) throw new HttpError(429, MESSAGES.wait);
    // The daily cap on codes (netlify/lib/access/email-change-allowance.ts): read and counted here, before the writes.
    await spendEmailChangeCode(db, transaction, parent.id, now);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    transaction.set(ref, {
      parent_id: parent.id,
      family_id: parent.family_id,
      new_email: email,
      code_hash: codeHash(parent.id, email, code),
      tries: 0,
      created_at: Timestamp.fromDate(now),
      expires_at: Timestamp.fromDate(new Date(now.getTime() + EMAIL_CODE_MINUTES * 60_000)),
    });
    const content = emailChangeCodeMail({ code, minutes: EMAIL_CODE_MINUTES }, context);
    return enqueueMail(db, transaction, { kind: 'email-change-code', to: [email], content, familyId: parent.family_id }, now);
  });
}

/** What a confirmation did: the address changed (with the old address's message), or a refusal to answer after the transaction kept the spent try. */
type Confirmation = { kind: 'changed'; email: string; mailId: string | null } | { kind: 'refused'; status: number; message: string };

/**
 * Spends `code` on the session parent's change, in one transaction. A wrong
 * code counts a try (kept: the refusal is answered after the commit); the
 * last allowed wrong try, or an expired code, ends the change.
 * @throws HttpError 404 `noChange` without a change; 400 `wrong`, 400 `expired`, 429 `tooManyTries`.
 */
export async function confirmEmailChange(
  db: Firestore,
  session: FamilySession,
  code: string,
  context: MailContext,
): Promise<{ email: string; mailId: string | null }> {
  const ref = db.collection(COLLECTION.emailChanges).doc(session.parentId);
  const outcome = await runTransaction<Confirmation>(db, async (transaction) => {
    const parent = await readSessionParent(db, transaction, session);
    const pending = readSnapshot(emailChangeDocument, await transaction.get(ref));
    if (!pending) throw new HttpError(404, MESSAGES.noChange);
    const now = new Date();
    if (pending.expires_at <= now) {
      transaction.delete(ref);
      return { kind: 'refused', status: 400, message: MESSAGES.expired };
    }
    if (!sameHash(pending.code_hash, codeHash(parent.id, pending.new_email, code))) {
      const tries = pending.tries + 1;
      if (tries >= EMAIL_CODE_MAX_TRIES) transaction.delete(ref);
      else transaction.update(ref, { tries });
      return {
        kind: 'refused',
        status: tries >= EMAIL_CODE_MAX_TRIES ? 429 : 400,
        message: tries >= EMAIL_CODE_MAX_TRIES ? MESSAGES.tooManyTries : MESSAGES.wrong,
      };
    }
    const email = pending.new_email;
    transaction.update(db.collection(COLLECTION.parents).doc(parent.id), { email });
    indexParent(db, transaction, { ...knownParent(parent), email });
    transaction.delete(ref);
    recordAudit(db, transaction, {
      actor: parentActor(parent),
      action: AUDIT_ACTION.parentContactChange,
      target: { collection: COLLECTION.parents, id: parent.id },
      summary: `${parent.name} ${parent.surname} ha cambiato il proprio indirizzo e-mail (confermato con il codice inviato al nuovo indirizzo)`,
      before: { email: parent.email },
      after: { email },
    });
    const content = emailChangedMail({ parentName: `${parent.name} ${parent.surname}`.trim(), maskedNewEmail: maskEmail(email) }, context);
    const mailId = parent.email
      ? enqueueMail(db, transaction, { kind: 'email-changed', to: [parent.email], content, familyId: parent.family_id }, now)
      : null;
    return { kind: 'changed', email, mailId };
  });
  if (outcome.kind === 'refused') throw new HttpError(outcome.status, outcome.message);
  return { email: outcome.email, mailId: outcome.mailId };
}

import { randomInt, timingSafeEqual } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { changeParentEmailContract } from '@contracts/change-parent-email';
import { COLLECTION } from '@domain/collections';
import { emailChangeDocument, type EmailChangeDocument } from '@domain/access/email-change-schema';
import { maskEmail } from './access-codes';
import { readSnapshot } from '../platform/snapshots';
import { parentActor, readSessionParent } from '../families/family-contacts';
import { runTransaction } from '../platform/firestore';
import { refuseSpentSignInMail } from '../platform/mail/sign-in-allowance';
import { HttpError } from '../platform/http';
import type { MailContext } from '../platform/mail/layout';
import { emailChangeCodeMail } from './access-mails';
import { emailChangeOldCodeMail } from './email-change-mails';
import { landEmailChange } from './email-change-landing';
import { enqueueMail } from '../platform/mail/outbox';
import { keyedHash } from '../platform/secret-keys';
import { spendEmailChangeCode } from './email-change-allowance';
import type { FamilySession } from '../platform/session';
import { isStaffEmail } from '../staff/staff-emails';

/**
 * A parent's e-mail change (docs/security.md, "Changing a parent's e-mail"):
 * the session's own parent only. {@link requestEmailChange} keeps one change
 * per parent (`email_changes/{parent id}`) with a fresh 6-digit code's HMAC
 * (keyed by SESSION_SECRET's 'email-change-code' key: the database alone does not reveal it), valid
 * {@link EMAIL_CODE_MINUTES}, and e-mails one code to the NEW address and
 * another to the CURRENT one; {@link confirmEmailChange} spends both and
 * lands the change (email-change-landing.ts), or, the current address gone,
 * spends the new address's code and leaves the change to the group
 * (email-change-group.ts).
 */

/** How long a code is valid. */
export const EMAIL_CODE_MINUTES = 10;
/** Wrong tries a code allows; then a new code is needed. */
export const EMAIL_CODE_MAX_TRIES = 5;
/** Seconds before another code may be asked for. */
export const EMAIL_CODE_RESEND_SECONDS = 60;
/** Days a change whose new address is proven waits for the group's confirmation (the old address gone). */
export const GROUP_CONFIRMATION_DAYS = 14;

const MESSAGES = changeParentEmailContract.messages;

/** HMAC-SHA256 (hex) of the code for the parent and the new address (`old:` + it for the current address's code): a code is good only for the change and the mailbox it was sent for. */
const codeHash = (parentId: string, email: string, code: string) =>
  keyedHash('email-change-code', `email-change:${parentId}:${email}:${code}`).toString('hex');

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The address as typed, trimmed and lower case. @throws HttpError 400 when it is not an e-mail address. */
export function parseNewEmail(email: string): string {
  const normalised = email.trim().toLowerCase();
  if (!z.email().safeParse(normalised).success) throw new HttpError(400, MESSAGES.email);
  return normalised;
}

/** A 6-digit code from `crypto.randomInt`. */
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Writes a new change for the session's parent (replacing any earlier one)
 * and, in the same transaction, a code's e-mail to the new address `email`
 * and another to the parent's current address (none when they have none).
 * @returns the outbox messages' ids (deliver them after the answer) and the current address (null: none).
 * @throws HttpError 400 `same` for the parent's current address; 409 `staffEmail` for a volunteer's (isStaffEmail); 429 `wait` within a minute of the last code, `tooManyCodesToday` past the day's (spendEmailChangeCode).
 */
export async function requestEmailChange(
  db: Firestore,
  session: FamilySession,
  email: string,
  context: MailContext,
): Promise<{ mailIds: string[]; oldEmail: string | null }> {
  const ref = db.collection(COLLECTION.emailChanges).doc(session.parentId);
  return runTransaction(db, async (transaction) => {
    const parent = await readSessionParent(db, transaction, session);
    const pending = readSnapshot(emailChangeDocument, await transaction.get(ref));
    if (parent.email === email) throw new HttpError(400, MESSAGES.same);
    if (await isStaffEmail(db, transaction, email)) throw new HttpError(409, MESSAGES.staffEmail);
    const now = new Date();
    if (pending && now.getTime() - pending.created_at.getTime() < EMAIL_CODE_RESEND_SECONDS * 1000) throw new HttpError(429, MESSAGES.wait);
    // The daily cap on codes (email-change-allowance.ts): read and counted here, before the writes.
    await refuseSpentSignInMail(db, transaction, parent.email ? [email, parent.email] : [email], now);
    await spendEmailChangeCode(db, transaction, parent.id, now);
    const code = newCode();
    const oldCode = parent.email ? newCode() : null;
    transaction.set(ref, {
      parent_id: parent.id,
      family_id: parent.family_id,
      new_email: email,
      code_hash: codeHash(parent.id, email, code),
      old_email: parent.email,
      old_code_hash: oldCode === null ? null : codeHash(parent.id, `old:${email}`, oldCode),
      state: 'codes',
      tries: 0,
      created_at: Timestamp.fromDate(now),
      expires_at: Timestamp.fromDate(new Date(now.getTime() + EMAIL_CODE_MINUTES * 60_000)),
    });
    const content = emailChangeCodeMail({ code, minutes: EMAIL_CODE_MINUTES }, context);
    const ids = [enqueueMail(db, transaction, { kind: 'email-change-code', to: [email], content, familyId: parent.family_id }, now)];
    if (parent.email && oldCode !== null) {
      const old = emailChangeOldCodeMail({ code: oldCode, minutes: EMAIL_CODE_MINUTES, maskedNewEmail: maskEmail(email) }, context);
      ids.push(
        enqueueMail(db, transaction, { kind: 'email-change-code', to: [parent.email], content: old, familyId: parent.family_id }, now),
      );
    }
    return { mailIds: ids.filter((id): id is string => id !== null), oldEmail: parent.email };
  });
}

/** What the parent sends to finish a change: both codes, or the new address's code and the request for the group's confirmation. */
export type EmailChangeProofInput = { code: string; oldCode: string } | { code: string; askGroup: true };

/** What a confirmation did: the address changed (with the old address's message), the group asked, or a refusal to answer after the transaction kept the spent try. */
type Confirmation =
  | { kind: 'changed'; email: string; mailId: string | null }
  | { kind: 'awaiting-group'; email: string }
  | { kind: 'refused'; status: number; message: string };

/**
 * The refusal of `input` for `pending`, or null when its codes are right:
 * the new address's code first, then the old one's (none is asked with
 * `askGroup`). A wrong code is a wrong try; a missing old code is not.
 */
function checkCodes(pending: EmailChangeDocument, input: EmailChangeProofInput): { message: string; counts: boolean } | null {
  if (!sameHash(pending.code_hash, codeHash(pending.parent_id, pending.new_email, input.code)))
    return { message: MESSAGES.wrong, counts: true };
  if ('askGroup' in input) return null;
  if (!pending.old_code_hash) return { message: MESSAGES.noOldEmail, counts: false };
  if (!sameHash(pending.old_code_hash, codeHash(pending.parent_id, `old:${pending.new_email}`, input.oldCode)))
    return { message: MESSAGES.wrongOld, counts: true };
  return null;
}

/**
 * Spends `input` on the session parent's change, in one transaction. Both
 * codes right: the change lands (landEmailChange). The new address's code
 * right with `askGroup`: the change waits {@link GROUP_CONFIRMATION_DAYS}
 * for the group (admin-email-change). A wrong code counts a try (kept: the
 * refusal is answered after the commit); the last allowed wrong try, or an
 * expired code, ends the change.
 * @throws HttpError 404 `noChange` without a change; 409 `awaitingGroup`, `staffEmail` (the address became a volunteer's); 400 `wrong`, `wrongOld`, `noOldEmail`, `expired`; 429 `tooManyTries`.
 */
export async function confirmEmailChange(
  db: Firestore,
  session: FamilySession,
  input: EmailChangeProofInput,
  context: MailContext,
): Promise<Exclude<Confirmation, { kind: 'refused' }>> {
  const ref = db.collection(COLLECTION.emailChanges).doc(session.parentId);
  const outcome = await runTransaction<Confirmation>(db, async (transaction) => {
    const parent = await readSessionParent(db, transaction, session);
    const pending = readSnapshot(emailChangeDocument, await transaction.get(ref));
    if (!pending) throw new HttpError(404, MESSAGES.noChange);
    if (pending.state === 'group') throw new HttpError(409, MESSAGES.awaitingGroup);
    const now = new Date();
    if (pending.expires_at <= now) {
      transaction.delete(ref);
      return { kind: 'refused', status: 400, message: MESSAGES.expired };
    }
    const refusal = checkCodes(pending, input);
    if (refusal && !refusal.counts) return { kind: 'refused', status: 400, message: refusal.message };
    if (refusal) {
      const tries = pending.tries + 1;
      if (tries >= EMAIL_CODE_MAX_TRIES) transaction.delete(ref);
      else transaction.update(ref, { tries });
      return tries >= EMAIL_CODE_MAX_TRIES
        ? { kind: 'refused', status: 429, message: MESSAGES.tooManyTries }
        : { kind: 'refused', status: 400, message: refusal.message };
    }
    if ('askGroup' in input) {
      const expires = new Date(now.getTime() + GROUP_CONFIRMATION_DAYS * 86_400_000);
      transaction.update(ref, { state: 'group', expires_at: Timestamp.fromDate(expires) });
      return { kind: 'awaiting-group', email: pending.new_email };
    }
    const email = pending.new_email;
    // A role given to the address while the codes travelled.
    if (await isStaffEmail(db, transaction, email)) throw new HttpError(409, MESSAGES.staffEmail);
    const mailId = landEmailChange(db, transaction, { parent, email, proof: 'codes', actor: parentActor(parent) }, context, now);
    return { kind: 'changed', email, mailId };
  });
  if (outcome.kind === 'refused') throw new HttpError(outcome.status, outcome.message);
  return outcome;
}

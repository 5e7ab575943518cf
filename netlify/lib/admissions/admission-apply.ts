import { randomInt, timingSafeEqual } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { paths } from '@config/paths';
import { admissionApplyContract, type AdmissionPlace } from '@contracts/admission-apply';
import type { ParsedRequestOf } from '@contracts/contract';
import { childBirth } from '@domain/admissions/admission';
import { admissionApplicationDocument, admissionCounterDocument } from '@domain/admissions/admission-schema';
import { COLLECTION } from '@domain/collections';
import { fiscalCodeProblem } from '@domain/fiscal-code';
import { normalizeFiscalCode } from '@domain/fiscal-code-format';
import { italianDay } from '@domain/italian-time';
import { isValidPhone } from '@domain/roster/roster';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import type { MailContext } from '../platform/mail/layout';
import { enqueueMail } from '../platform/mail/outbox';
import { refuseSpentSignInMail } from '../platform/mail/sign-in-allowance';
import { keyedHash } from '../platform/secret-keys';
import { readSnapshot } from '../platform/snapshots';
import { maskEmail } from '../access/access-codes';
import { admissionAppliedMail, admissionCodeMail } from './admission-mails';
import { applicationIdOf, cohortApplications, placeOf, statusToken } from './admission-place';
import { readAdmissionOrder } from './admission-settings';

/**
 * 'Iscrivi alla lista d'attesa' on the server (admission-apply; docs/product.md,
 * "Waiting list"): an application is checked and waits for the code e-mailed
 * to the parent ({@link startApplication}); with the code it joins its
 * cohort's list with the group's next number ({@link confirmApplication}).
 * One application per child: its id is the child's fiscal code's
 * (applicationIdOf), so two at once meet in one document.
 */

const MESSAGES = admissionApplyContract.messages;
/** How long the code is good for. */
export const ADMISSION_CODE_MINUTES = 15;
/** Wrong codes before the pending application is dropped. */
const MAX_TRIES = 5;
/** The wait between two codes for one application. */
const RESEND_SECONDS = 60;
const COUNTER = 'applications';

type ApplyInput = Extract<ParsedRequestOf<typeof admissionApplyContract>, { step: 'apply' }>;

const codeHash = (id: string, code: string) => keyedHash('admission', `code:${id}:${code}`).toString('hex');

/** The application as typed, checked: the first problem is a 400 in Italian. */
function checkedApplication(input: ApplyInput, today: string) {
  const refuse = (message: string) => new HttpError(400, message);
  const { parent, child } = input;
  if (!input.privacyAccepted) throw refuse(MESSAGES.privacy);
  if (!parent.name || !parent.surname || !child.name || !child.surname) throw refuse(MESSAGES.name);
  const childCf = normalizeFiscalCode(child.cf);
  const birth = fiscalCodeProblem(childCf) === null ? childBirth(childCf, today) : null;
  if (!birth) throw refuse(MESSAGES.childCf);
  const parentCf = normalizeFiscalCode(parent.cf);
  if (fiscalCodeProblem(parentCf) !== null) throw refuse(MESSAGES.parentCf);
  const email = parent.email.toLowerCase();
  if (!z.email().safeParse(email).success) throw refuse(MESSAGES.email);
  if (!isValidPhone(parent.phone)) throw refuse(MESSAGES.phone);
  return {
    child: { name: child.name, surname: child.surname, cf: childCf, birth_date: birth.birthDate, sex: birth.sex },
    parent: { name: parent.name, surname: parent.surname, cf: parentCf, email, phone: parent.phone },
    cohort: Number(birth.birthDate.slice(0, 4)),
  };
}

/**
 * Checks `input` and keeps it as `verifying`, with a code e-mailed to the
 * parent's address (sign-in class: refuseSpentSignInMail), all in one
 * transaction. A pending application of the same child is replaced (a
 * parent who typed a wrong address tries again), at most once a minute.
 * @returns the pending id, the masked address, the code's minutes and the message's id.
 * @throws HttpError 400 for a field, 409 `duplicate` when the child is already on the list, 429 `wait`/`signInMailSpent`.
 */
export async function startApplication(db: Firestore, input: ApplyInput, context: MailContext, now = new Date()) {
  const checked = checkedApplication(input, italianDay(now));
  const id = applicationIdOf(checked.child.cf);
  const ref = db.collection(COLLECTION.admissionApplications).doc(id);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const mailId = await runTransaction(db, async (transaction) => {
    const stored = readSnapshot(admissionApplicationDocument, await transaction.get(ref));
    if (stored && stored.state !== 'verifying') throw new HttpError(409, MESSAGES.duplicate);
    const sentAt = stored?.code_sent_at?.getTime() ?? 0;
    if (stored && now.getTime() - sentAt < RESEND_SECONDS * 1000) throw new HttpError(429, MESSAGES.wait);
    await refuseSpentSignInMail(db, transaction, [checked.parent.email], now);
    transaction.set(ref, {
      id,
      state: 'verifying',
      number: null,
      ...checked,
      siblings: input.siblings,
      note: input.note,
      code_hash: codeHash(id, code),
      code_tries: 0,
      code_sent_at: Timestamp.fromDate(now),
      created_at: Timestamp.fromDate(now),
      applied_at: null,
      // A Firestore TTL policy on expires_at deletes an application never confirmed (docs/deploy.md).
      expires_at: Timestamp.fromMillis(now.getTime() + ADMISSION_CODE_MINUTES * 60_000),
      decision: null,
    });
    const childName = `${checked.child.name} ${checked.child.surname}`;
    const content = admissionCodeMail({ code, minutes: ADMISSION_CODE_MINUTES, childName }, context);
    return enqueueMail(db, transaction, { kind: 'admission-code', to: [checked.parent.email], content, familyId: null }, now);
  });
  return { pendingId: id, email: maskEmail(checked.parent.email), minutes: ADMISSION_CODE_MINUTES, mailId };
}

/** True when `code` is the one whose hash is `hash` (constant time). */
function codeMatches(id: string, code: string, hash: string | null): boolean {
  if (!hash || !/^\d{6}$/.test(code)) return false;
  const given = Buffer.from(codeHash(id, code), 'hex');
  const expected = Buffer.from(hash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type Confirmation =
  { kind: 'applied'; place: AdmissionPlace; mailId: string | null } | { kind: 'refused'; status: number; message: string };

/**
 * Puts the pending application `pendingId` on its cohort's list when `code`
 * is its code: the next number (`admission_counters/applications`, in the
 * transaction), `applied_at` now, and 'Domanda nella lista d'attesa' with its
 * number, position and status link. The same code again answers the same
 * place (a retried request); wrong codes are counted, the fifth drops the application.
 * @throws HttpError 404 `noPending`, 400 `wrongCode`/`expired`, 429 `tooManyTries`.
 */
export async function confirmApplication(
  db: Firestore,
  { pendingId, code }: { pendingId: string; code: string },
  context: MailContext,
  now = new Date(),
): Promise<{ place: AdmissionPlace; mailId: string | null }> {
  const ref = db.collection(COLLECTION.admissionApplications).doc(pendingId);
  const counterRef = db.collection(COLLECTION.admissionCounters).doc(COUNTER);
  const outcome = await runTransaction<Confirmation>(db, async (transaction) => {
    const stored = readSnapshot(admissionApplicationDocument, await transaction.get(ref));
    if (!stored) throw new HttpError(404, MESSAGES.noPending);
    const right = codeMatches(stored.id, code, stored.code_hash);
    if (stored.state !== 'verifying') {
      if (!right) throw new HttpError(404, MESSAGES.noPending);
      const [cohort, order] = await Promise.all([cohortApplications(db, stored.cohort, transaction), readAdmissionOrder(db, transaction)]);
      return { kind: 'applied', place: placeOf(stored, cohort, order), mailId: null };
    }
    if (stored.expires_at && stored.expires_at <= now) return { kind: 'refused', status: 400, message: MESSAGES.expired };
    if (!right) {
      const tries = stored.code_tries + 1;
      if (tries >= MAX_TRIES) transaction.delete(ref);
      else transaction.update(ref, { code_tries: tries });
      return tries >= MAX_TRIES
        ? { kind: 'refused', status: 429, message: MESSAGES.tooManyTries }
        : { kind: 'refused', status: 400, message: MESSAGES.wrongCode };
    }
    // The counter first: every confirmation reads it, so they run one after the other and each reads the cohort the one before left.
    const number = (readSnapshot(admissionCounterDocument, await transaction.get(counterRef))?.last ?? 0) + 1;
    const cohort = await cohortApplications(db, stored.cohort, transaction);
    const order = await readAdmissionOrder(db, transaction);
    const applied = { ...stored, state: 'waiting' as const, number, applied_at: now, expires_at: null };
    transaction.set(counterRef, { last: number });
    transaction.update(ref, { state: 'waiting', number, applied_at: Timestamp.fromDate(now), expires_at: null });
    const place = placeOf(applied, [...cohort, applied], order);
    const link = `${context.siteUrl}${paths.listaAttesa}#${statusToken(stored.id)}`;
    const content = admissionAppliedMail({ ...place, link }, context);
    const to = [stored.parent.email];
    return {
      kind: 'applied',
      place,
      mailId: enqueueMail(db, transaction, { kind: 'admission-applied', to, content, familyId: null }, now),
    };
  });
  if (outcome.kind === 'refused') throw new HttpError(outcome.status, outcome.message);
  return outcome;
}

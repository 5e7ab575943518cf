import { Timestamp, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { SIGNING_MESSAGES } from '@contracts/document-signing';
import { COLLECTION } from '@domain/collections';
import { SIGNING_CODES_PER_HOUR, SIGNING_WRONG_TRIES_PER_DAY } from '@domain/documents/signature-request';
import { signingLimitsDocument } from '@domain/documents/signing-limits-schema';
import { readSnapshot } from '../platform/snapshots';
import { HttpError } from '../platform/http';
import { counterExpiry, italianDayWindow, retryAfter, secondsLeft } from '../platform/allowance';

/**
 * A parent's signing allowance (docs/security.md, "The signing code"), in
 * `signing_limits/{parent id}` and always read and written inside the
 * transaction that spends it (requestSigningCode, confirmSigning), so
 * requests at the same moment count each other: SIGNING_CODES_PER_HOUR
 * codes in any hour, SIGNING_WRONG_TRIES_PER_DAY wrong codes an Italian day
 * over all the parent's requests (the access code's rule,
 * netlify/lib/access/access-codes.ts). Past either, 429 with Retry-After.
 */

const HOUR_MS = 60 * 60_000;

/** What a parent spent as of `now`: the day's wrong codes and the codes asked for in the last hour (oldest first). */
export interface SigningSpent {
  ref: DocumentReference;
  parentId: string;
  day: string;
  wrongTries: number;
  sent: Date[];
}

/** Reads `parentId`'s allowance in `transaction` (a read: call it before the transaction writes). */
export async function readSigningSpent(transaction: Transaction, db: Firestore, parentId: string, now: Date): Promise<SigningSpent> {
  const ref = db.collection(COLLECTION.signingLimits).doc(parentId);
  const stored = readSnapshot(signingLimitsDocument, await transaction.get(ref));
  const day = italianDayWindow(now).id;
  return {
    ref,
    parentId,
    day,
    wrongTries: stored?.day === day ? stored.wrong_tries : 0,
    sent: (stored?.sent ?? []).filter((at) => now.getTime() - at.getTime() < HOUR_MS),
  };
}

/** The day's wrong codes are spent: nothing is sent nor checked until the next Italian midnight. */
export const isLocked = (spent: SigningSpent): boolean => spent.wrongTries >= SIGNING_WRONG_TRIES_PER_DAY;

/** The 429 of a locked day, with the seconds to the next Italian midnight. */
export const lockedError = (now: Date): HttpError =>
  new HttpError(429, SIGNING_MESSAGES.tooManyWrongCodes, retryAfter(secondsLeft(italianDayWindow(now), now)));

/**
 * Checks that one more code may be sent now.
 * @throws HttpError 429 `tooManyWrongCodes` on a locked day, `tooManyCodes`
 * after SIGNING_CODES_PER_HOUR codes in the last hour (Retry-After: when the
 * oldest of them leaves the hour).
 */
export function checkCodeAllowed(spent: SigningSpent, now: Date): void {
  if (isLocked(spent)) throw lockedError(now);
  if (spent.sent.length >= SIGNING_CODES_PER_HOUR) {
    const oldestCounted = spent.sent[spent.sent.length - SIGNING_CODES_PER_HOUR]!;
    throw new HttpError(
      429,
      SIGNING_MESSAGES.tooManyCodes,
      retryAfter(Math.ceil((oldestCounted.getTime() + HOUR_MS - now.getTime()) / 1000)),
    );
  }
}

/** Writes `spent` back in `transaction`. */
export function writeSigningSpent(transaction: Transaction, spent: SigningSpent, now: Date): void {
  transaction.set(spent.ref, {
    parent_id: spent.parentId,
    day: spent.day,
    wrong_tries: spent.wrongTries,
    sent: spent.sent.map((at) => Timestamp.fromDate(at)),
    // A Firestore TTL policy on expires_at deletes it once the day and the hour after are over (docs/deploy.md).
    expires_at: counterExpiry(italianDayWindow(now), HOUR_MS),
  });
}

import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { changeParentEmailContract } from '@contracts/change-parent-email';
import { emailChangeLimitsDocument } from '@domain/access/email-change-limits-schema';
import { COLLECTION } from '@domain/collections';
import { counterExpiry, italianDayWindow, limitsFromEnv, retryAfter, secondsLeft } from '../platform/allowance';
import { HttpError } from '../platform/http';
import { readSnapshot } from '../platform/snapshots';

/**
 * The e-mail change's daily cap (docs/security.md, "The mail budget"): a
 * parent's session may have at most EMAIL_CHANGE_CODES_PER_DAY codes sent
 * an Italian day (`email_change_limits/{parent id}`), to whatever
 * addresses, so one family session cannot turn the portal into a sender
 * to arbitrary addresses (the minute between two codes is the change's
 * own rule: netlify/lib/access/email-change.ts).
 */

/** The cap from the environment; an unset or malformed value is the default, 5 codes a day. */
export function emailChangeCodesPerDay(env: NodeJS.ProcessEnv = process.env): number {
  return limitsFromEnv({ perDay: ['EMAIL_CHANGE_CODES_PER_DAY', 5] }, env).perDay;
}

/**
 * Spends one of `parentId`'s codes of `now`'s Italian day in `transaction`
 * (call it before the transaction's writes, once the request is otherwise
 * accepted): reads the day's count and writes it plus one. Two requests at
 * once spend two, or one is refused.
 * @throws HttpError 429 `tooManyCodesToday` with Retry-After (seconds to the next Italian midnight) when `limit` are spent.
 */
export async function spendEmailChangeCode(
  db: Firestore,
  transaction: Transaction,
  parentId: string,
  now = new Date(),
  limit = emailChangeCodesPerDay(),
): Promise<void> {
  const window = italianDayWindow(now);
  const ref = db.collection(COLLECTION.emailChangeLimits).doc(parentId);
  const stored = readSnapshot(emailChangeLimitsDocument, await transaction.get(ref));
  const codes = stored?.day === window.id ? stored.codes : 0;
  if (codes >= limit) {
    throw new HttpError(429, changeParentEmailContract.messages.tooManyCodesToday(limit), retryAfter(secondsLeft(window, now)));
  }
  // A Firestore TTL policy on expires_at deletes it the day after (docs/deploy.md).
  transaction.set(ref, { parent_id: parentId, day: window.id, codes: codes + 1, expires_at: counterExpiry(window, 24 * 60 * 60_000) });
}

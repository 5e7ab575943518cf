import { createHash } from 'node:crypto';
import { FieldValue, type DocumentReference, type Firestore, type Timestamp, type Transaction } from 'firebase-admin/firestore';
import { AUDIT_ACTION, SYSTEM_ACTOR } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { recordAudit } from '../audit-log';

/**
 * What the mail budget (./mail-budget.ts) and the sign-in allowance
 * (./sign-in-allowance.ts) share: the day's document `mail_budget/{yyyy-mm-dd}`,
 * an address's key in it, and the audit entry 'Limite e-mail raggiunto'
 * (`mail.budget`) written once a day per cap (docs/security.md, "The mail budget").
 */

/** An address's counter in the day's document: a hash only to name it (the `mail` documents hold the addresses themselves). */
export const recipientKey = (address: string): string => createHash('sha256').update(address).digest('hex').slice(0, 24);

/** The day's document of the mail budget. */
export const budgetDayRef = (db: Firestore, day: string): DocumentReference => db.collection(COLLECTION.mailBudget).doc(day);

/** A cap reached: its name in `reported` ('total', 'recipient:{key}', 'sign-in:…'), the entry's summary and details. */
export interface ReachedCap {
  cap: string;
  summary: string;
  after: Record<string, unknown>;
}

/**
 * Writes the audit entry of `reached` and marks it reported in the day's
 * document, unless `reported` (the day's, read in `transaction`) names it
 * already: one entry per cap and day, however many messages it stops.
 */
export function reportCapOnce(
  db: Firestore,
  transaction: Transaction,
  day: { id: string; expiresAt: Timestamp; reported: readonly string[] },
  reached: ReachedCap,
): void {
  if (day.reported.includes(reached.cap)) return;
  transaction.set(
    budgetDayRef(db, day.id),
    { day: day.id, reported: FieldValue.arrayUnion(reached.cap), expires_at: day.expiresAt },
    { merge: true },
  );
  recordAudit(db, transaction, {
    actor: SYSTEM_ACTOR,
    action: AUDIT_ACTION.mailBudget,
    target: { collection: COLLECTION.mailBudget, id: day.id },
    summary: reached.summary,
    before: null,
    after: { ...reached.after, day: day.id },
  });
}

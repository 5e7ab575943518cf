import { createHash } from 'node:crypto';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { AUDIT_ACTION, SYSTEM_ACTOR } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { mailBudgetDocument, type MailDocument, type MailKind } from '@domain/mail-schema';
import { recordAudit } from '../audit-log';
import { readSnapshot } from '../snapshots';
import { counterExpiry, italianDayWindow, limitsFromEnv } from '../allowance';

/**
 * The mail budget (docs/architecture.md, "E-mail"; docs/security.md, "The
 * mail budget"): what the outbox may send in an Italian day, counted in
 * Firestore (`mail_budget/{yyyy-mm-dd}`) in the transaction that claims
 * each message, so it holds across function instances. Two caps, from the
 * environment: MAIL_DAILY_LIMIT recipients a day for the whole portal (an
 * SMTP provider counts each recipient), and MAIL_RECIPIENT_DAILY_LIMIT
 * ordinary messages a day to one address. Access e-mails (codes, sign-in
 * links, the lock notice) are counted but never held: they go out first,
 * and their own per-parent limits bound them (netlify/lib/access/access-codes.ts).
 * An ordinary message past a cap waits for the next day (never lost), and
 * the first one held each day by each cap writes an audit entry 'Limite
 * e-mail raggiunto' for the admin.
 */

/** The caps: recipients a day for the portal, ordinary messages a day per address. */
export interface MailBudgetLimits {
  perDay: number;
  perRecipient: number;
}

/** The caps from the environment; an unset or malformed value is the default (800 recipients a day, 10 messages per address). */
export function mailBudgetLimits(env: NodeJS.ProcessEnv = process.env): MailBudgetLimits {
  return limitsFromEnv({ perDay: ['MAIL_DAILY_LIMIT', 800], perRecipient: ['MAIL_RECIPIENT_DAILY_LIMIT', 10] }, env);
}

/** The messages someone needs to sign in (a parent's code, link or lock notice; a volunteer's invitation): never held by the budget. */
export const ACCESS_MAIL_KINDS: ReadonlySet<MailKind> = new Set<MailKind>([
  'access-code',
  'access-link',
  'access-locked',
  'staff-invitation',
  'signature-code',
]);

/** An address's counter in the day's document: a hash only to name it (the `mail` documents hold the addresses themselves). */
const recipientKey = (address: string) => createHash('sha256').update(address).digest('hex').slice(0, 24);

/** What the budget says of a message: send it (the counts are written), or hold it until `until`. */
export type BudgetVerdict = { send: true } | { send: false; until: Date };

/**
 * Weighs `mail` against the budget of `now`'s Italian day, inside the
 * transaction that claims it (call it before any write of the
 * transaction's). The day's counts are read outside the transaction and
 * added to with increments, so senders at the same moment never wait on
 * one another's lock: the counts stay exact, and a decision may lag a
 * concurrent sender's by its messages. Sending counts its recipients in the
 * day's total and, for an ordinary message, one message for each
 * recipient. Holding writes nothing but, the first time a cap holds a
 * message that day (checked in the transaction), the audit entry.
 */
export async function weighMail(
  db: Firestore,
  transaction: Transaction,
  mail: MailDocument,
  now: Date,
  limits: MailBudgetLimits = mailBudgetLimits(),
): Promise<BudgetVerdict> {
  const window = italianDayWindow(now);
  const day = window.id;
  const ref = db.collection(COLLECTION.mailBudget).doc(day);
  const counted = readSnapshot(mailBudgetDocument, await ref.get());
  const total = counted?.total ?? 0;
  const recipients = counted?.recipients ?? {};
  const priority = ACCESS_MAIL_KINDS.has(mail.kind);
  const keys = mail.to.map(recipientKey);
  // A message to more recipients than a whole day allows still goes, first thing in a day.
  const overTotal = total > 0 && total + mail.to.length > limits.perDay;
  const fullRecipient = mail.to.find((_, index) => (recipients[keys[index]!] ?? 0) >= limits.perRecipient);
  const expiresAt = counterExpiry(window, 24 * 60 * 60_000);
  if (priority || (!overTotal && fullRecipient === undefined)) {
    // A Firestore TTL policy on expires_at deletes the day's counts the day after (docs/deploy.md).
    transaction.set(
      ref,
      {
        day,
        total: FieldValue.increment(mail.to.length),
        ...(priority ? {} : { recipients: Object.fromEntries(keys.map((key) => [key, FieldValue.increment(1)])) }),
        expires_at: expiresAt,
      },
      { merge: true },
    );
    return { send: true };
  }
  const cap = overTotal ? 'total' : `recipient:${recipientKey(fullRecipient!)}`;
  const reported = readSnapshot(mailBudgetDocument, await transaction.get(ref))?.reported ?? [];
  if (!reported.includes(cap)) {
    transaction.set(ref, { day, reported: FieldValue.arrayUnion(cap), expires_at: expiresAt }, { merge: true });
    recordAudit(db, transaction, {
      actor: SYSTEM_ACTOR,
      action: AUDIT_ACTION.mailBudget,
      target: { collection: COLLECTION.mailBudget, id: day },
      summary: overTotal
        ? `Raggiunto il limite di ${limits.perDay} e-mail al giorno: i codici di accesso partono comunque, gli altri messaggi partiranno domani.`
        : `Raggiunto il limite di ${limits.perRecipient} e-mail al giorno per ${fullRecipient}: i messaggi successivi partiranno domani.`,
      before: null,
      after: overTotal
        ? { cap: 'total', limit: limits.perDay, day }
        : { cap: 'recipient', limit: limits.perRecipient, day, recipient: fullRecipient },
    });
  }
  return { send: false, until: window.endsAt };
}

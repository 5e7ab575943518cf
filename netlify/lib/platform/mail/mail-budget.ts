import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { italianDateTime } from '@domain/italian-time';
import { mailBudgetDocument, type MailDocument, type MailKind } from '@domain/mail-schema';
import { readSnapshot } from '../snapshots';
import { counterExpiry, italianDayWindow, limitsFromEnv } from '../allowance';
import { budgetDayRef, recipientKey, reportCapOnce } from './budget-day';
import { SIGN_IN_MAIL_KINDS, weighSignInMail, type SignInMailLimits } from './sign-in-allowance';

/**
 * The mail budget (docs/architecture.md, "E-mail"; docs/security.md, "The
 * mail budget"): what the outbox may send in an Italian day, counted in
 * Firestore (`mail_budget/{yyyy-mm-dd}`) in the transaction that claims
 * each message, so it holds across function instances. The ordinary day
 * has two caps, from the environment: MAIL_DAILY_LIMIT recipients a day for
 * the whole portal (an SMTP provider counts each recipient), and
 * MAIL_RECIPIENT_DAILY_LIMIT ordinary messages a day to one address. The
 * sign-in class (SIGN_IN_MAIL_KINDS) is not counted there: it has its own
 * allowance (./sign-in-allowance.ts). A volunteer's invitation is counted
 * in the day's total but never held. An ordinary message past a cap waits
 * for the next day (never lost), and the first one held each day by each
 * cap writes an audit entry 'Limite e-mail raggiunto' for the admin, with
 * when the held messages go (`after.until`).
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

/** The messages someone needs to get in (the sign-in class, a volunteer's invitation): never held, sent before any backlog. */
export const ACCESS_MAIL_KINDS: ReadonlySet<MailKind> = new Set<MailKind>([...SIGN_IN_MAIL_KINDS, 'staff-invitation']);

/** What the budget says of a message: send it (the counts are written), hold it until `until`, or drop it (`reason`). */
export type BudgetVerdict = { verdict: 'send' } | { verdict: 'hold'; until: Date } | { verdict: 'drop'; reason: string };

/**
 * Weighs `mail` against the budget of `now`'s Italian day, inside the
 * transaction that claims it (call it before any write of the
 * transaction's). A sign-in message is weighed by its own allowance
 * (weighSignInMail). For the others, the day's counts are read outside the
 * transaction and added to with increments, so senders at the same moment
 * never wait on one another's lock: the counts stay exact, and a decision
 * may lag a concurrent sender's by its messages. Sending counts its
 * recipients in the day's total and, for an ordinary message, one message
 * for each recipient. Holding writes nothing but, the first time a cap
 * holds a message that day (checked in the transaction), the audit entry.
 */
export async function weighMail(
  db: Firestore,
  transaction: Transaction,
  mail: MailDocument,
  now: Date,
  limits: MailBudgetLimits = mailBudgetLimits(),
  signInLimits?: SignInMailLimits,
): Promise<BudgetVerdict> {
  if (SIGN_IN_MAIL_KINDS.has(mail.kind)) return weighSignInMail(db, transaction, mail, now, signInLimits);
  const window = italianDayWindow(now);
  const day = window.id;
  const ref = budgetDayRef(db, day);
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
    return { verdict: 'send' };
  }
  const reported = readSnapshot(mailBudgetDocument, await transaction.get(ref))?.reported ?? [];
  const when = italianDateTime(window.endsAt);
  const until = window.endsAt.toISOString();
  reportCapOnce(
    db,
    transaction,
    { id: day, expiresAt, reported },
    overTotal
      ? {
          cap: 'total',
          summary: `Raggiunto il limite di ${limits.perDay} e-mail al giorno: i codici di accesso partono comunque, gli altri messaggi partiranno dal ${when}.`,
          after: { cap: 'total', limit: limits.perDay, until },
        }
      : {
          cap: `recipient:${recipientKey(fullRecipient!)}`,
          summary: `Raggiunto il limite di ${limits.perRecipient} e-mail al giorno per ${fullRecipient}: i messaggi successivi partiranno dal ${when}.`,
          after: { cap: 'recipient', limit: limits.perRecipient, recipient: fullRecipient, until },
        },
  );
  return { verdict: 'hold', until: window.endsAt };
}

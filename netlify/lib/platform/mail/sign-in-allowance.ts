import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { mailBudgetDocument, type MailBudgetDocument, type MailDocument, type MailKind } from '@domain/mail-schema';
import { PARENT_MESSAGES } from '@contracts/parent-messages';
import { nextItalianMidnight } from '@domain/italian-time';
import { readSnapshot } from '../snapshots';
import { HttpError } from '../http';
import { counterExpiry, italianDayWindow, limitsFromEnv } from '../allowance';
import { budgetDayRef, recipientKey, reportCapOnce } from './budget-day';

/**
 * The sign-in allowance (docs/security.md, "The mail budget"): the e-mails
 * that let a parent in or sign (a code, a sign-in link, the lock notice, a
 * signing code, an e-mail change's code) never count against the ordinary
 * day (MAIL_DAILY_LIMIT), so a flood of them cannot hold a receipt or a
 * transfer's details; they have their own caps an Italian day,
 * SIGN_IN_MAIL_DAILY_LIMIT for the portal and
 * SIGN_IN_MAIL_RECIPIENT_DAILY_LIMIT per address, counted in the
 * transaction that claims each message (the day's counts read in it, so
 * claims at the same moment never pass a cap). Past a cap the message is
 * dropped, not held: it would have expired by the next day.
 */

/** The sign-in class: short-lived e-mails someone needs now to sign in or sign. */
export const SIGN_IN_MAIL_KINDS: ReadonlySet<MailKind> = new Set<MailKind>([
  'access-code',
  'access-link',
  'access-locked',
  'signature-code',
  'email-change-code',
  'admission-code',
]);

/** The caps: sign-in e-mails (recipients) a day for the portal, and a day to one address. */
export interface SignInMailLimits {
  perDay: number;
  perRecipient: number;
}

/** The caps from the environment; an unset or malformed value is the default (400 a day, 10 per address). */
export function signInMailLimits(env: NodeJS.ProcessEnv = process.env): SignInMailLimits {
  return limitsFromEnv({ perDay: ['SIGN_IN_MAIL_DAILY_LIMIT', 400], perRecipient: ['SIGN_IN_MAIL_RECIPIENT_DAILY_LIMIT', 10] }, env);
}

/** Which cap `to` would pass with the day's counts `counted`: the first recipient at its own, and whether the portal's would. */
function fullness(counted: MailBudgetDocument | null, to: readonly string[], limits: SignInMailLimits) {
  const full = to.find((address) => (counted?.sign_in_recipients[recipientKey(address)] ?? 0) >= limits.perRecipient);
  return { full, overTotal: (counted?.sign_in_total ?? 0) + to.length > limits.perDay };
}

/**
 * Which cap a sign-in e-mail to `to` would meet now, read in the
 * transaction that would write it (before its writes): 'portal', 'recipient',
 * or null when it would be sent. Lets the function answer the parent at once
 * instead of 'codice inviato' for a message the claim would drop
 * ({@link weighSignInMail} stays the authority: it counts).
 */
export async function signInMailCap(
  db: Firestore,
  transaction: Transaction,
  to: readonly string[],
  now: Date,
  limits: SignInMailLimits = signInMailLimits(),
): Promise<'portal' | 'recipient' | null> {
  const counted = readSnapshot(mailBudgetDocument, await transaction.get(budgetDayRef(db, italianDayWindow(now).id)));
  const { full, overTotal } = fullness(counted, to, limits);
  return overTotal ? 'portal' : full !== undefined ? 'recipient' : null;
}

/**
 * Refuses, before anything is written, a sign-in e-mail to `to` that
 * {@link signInMailCap} says would be dropped.
 * @throws HttpError 429 PARENT_MESSAGES.signInMailSpent, Retry-After to the next Italian midnight.
 */
export async function refuseSpentSignInMail(db: Firestore, transaction: Transaction, to: readonly string[], now: Date): Promise<void> {
  const cap = await signInMailCap(db, transaction, to, now);
  if (!cap) return;
  const seconds = Math.max(1, Math.ceil((nextItalianMidnight(now).getTime() - now.getTime()) / 1000));
  throw new HttpError(429, PARENT_MESSAGES.signInMailSpent(cap), { 'Retry-After': String(seconds) });
}

/** What the allowance says of a message: send it (counted), or drop it (`reason`, kept as the message's `last_error`). */
export type SignInVerdict = { verdict: 'send' } | { verdict: 'drop'; reason: string };

/**
 * Weighs the sign-in message `mail` against `now`'s Italian day, inside the
 * claim's transaction (before its writes): the day's document is read in
 * it. Sending adds the recipients to `sign_in_total` and one to each
 * recipient's count; dropping writes nothing but, the first time a cap
 * stops a message that day, the audit entry 'Limite e-mail raggiunto'.
 */
export async function weighSignInMail(
  db: Firestore,
  transaction: Transaction,
  mail: MailDocument,
  now: Date,
  limits: SignInMailLimits = signInMailLimits(),
): Promise<SignInVerdict> {
  const window = italianDayWindow(now);
  const ref = budgetDayRef(db, window.id);
  const counted = readSnapshot(mailBudgetDocument, await transaction.get(ref));
  const keys = mail.to.map(recipientKey);
  const { full, overTotal } = fullness(counted, mail.to, limits);
  const expiresAt = counterExpiry(window, 24 * 60 * 60_000);
  if (!overTotal && full === undefined) {
    // A Firestore TTL policy on expires_at deletes the day's counts the day after (docs/deploy.md).
    transaction.set(
      ref,
      {
        day: window.id,
        sign_in_total: FieldValue.increment(mail.to.length),
        sign_in_recipients: Object.fromEntries(keys.map((key) => [key, FieldValue.increment(1)])),
        expires_at: expiresAt,
      },
      { merge: true },
    );
    return { verdict: 'send' };
  }
  const day = { id: window.id, expiresAt, reported: counted?.reported ?? [] };
  if (overTotal) {
    reportCapOnce(db, transaction, day, {
      cap: 'sign-in:total',
      summary: `Raggiunto il limite di ${limits.perDay} e-mail di accesso al giorno: i codici chiesti dopo non sono stati inviati; le altre e-mail partono regolarmente.`,
      after: { cap: 'sign-in-total', limit: limits.perDay },
    });
    return { verdict: 'drop', reason: `sign-in allowance: ${limits.perDay} a day for the portal reached` };
  }
  reportCapOnce(db, transaction, day, {
    cap: `sign-in:recipient:${recipientKey(full!)}`,
    summary: `Raggiunto il limite di ${limits.perRecipient} e-mail di accesso al giorno per ${full}: i codici chiesti dopo non sono stati inviati.`,
    after: { cap: 'sign-in-recipient', limit: limits.perRecipient, recipient: full },
  });
  return { verdict: 'drop', reason: `sign-in allowance: ${limits.perRecipient} a day to one address reached` };
}

import { Timestamp, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { AUDIT_ACTION, SYSTEM_ACTOR } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { mailDocument, type MailAttachment, type MailDocument, type MailKind } from '@domain/mail-schema';
import { recordAudit } from '../audit-log';
import { readSnapshot } from '../snapshots';
import { runTransaction } from '../firestore';
import { serviceConfig } from '../server-env';
import type { MailContent, MailContext } from './layout';
import { makeAttachment, type AttachmentRenderers } from './attachments';
import { ACCESS_MAIL_KINDS, weighMail } from './mail-budget';
import { sendMail } from './transport';

/**
 * The outbox (docs/architecture.md, "E-mail"): a message is written to `mail`
 * in the transaction of the event that causes it, so an order recorded is a
 * message owed; it is sent right after (deliverMail, through the function's
 * `waitUntil`), and the scheduled mail-outbox function sends what is still
 * pending. The sender is {@link mailDelivery}, given the capabilities'
 * attachment renderers by the composition root (netlify/lib/mail-delivery.ts). A sender claims a message in a transaction (a lease of
 * LEASE_MS), so two senders at the same moment send it once. A failed
 * attempt is retried after RETRY_MINUTES; after GIVE_UP_MS (an access
 * code: once it has expired) the message is 'failed' and the audit log
 * says so ('Registro'). The claim also weighs the message against the
 * day's mail budget (./mail-budget.ts): past a cap an ordinary message is
 * held until the next day; a sign-in e-mail is weighed by its own
 * allowance (./sign-in-allowance.ts). A message past its `expires_at` (a
 * code, a link, a waiting-list offer that ran out while held or retried)
 * is dropped, never sent late.
 */

/** How long a claimed message is left to its sender before another may try. */
const LEASE_MS = 2 * 60_000;

/** Minutes before the next attempt, by attempts made (the last repeats). */
const RETRY_MINUTES = [1, 5, 15, 30, 60, 120, 240] as const;

/** A message older than this is given up. */
export const GIVE_UP_MS = 24 * 60 * 60_000;

/** An access code or link is worth sending only while it is valid (CODE_MINUTES, netlify/lib/access/access-codes.ts). */
export const ACCESS_CODE_GIVE_UP_MS = 10 * 60_000;

/** The messages that carry a secret (a code, a sign-in link, a volunteer's invitation): emptied once sent or given up. */
const SECRET_KINDS: ReadonlySet<MailKind> = new Set<MailKind>([
  'access-code',
  'access-link',
  'staff-invitation',
  'signature-code',
  'email-change-code',
  'admission-code',
]);

/** The secrets worth sending only for ACCESS_CODE_GIVE_UP_MS: a parent's code and link, a signing or e-mail-change code (an invitation's link lasts an hour). */
const SHORT_LIVED_KINDS: ReadonlySet<MailKind> = new Set<MailKind>([
  'access-code',
  'access-link',
  'signature-code',
  'email-change-code',
  'admission-code',
]);

/** The messages' context: the site's address from SITE_URL (or Netlify's URL), else the request's own origin (a local stack). */
export function mailContext(request: Request): MailContext {
  try {
    return { siteUrl: serviceConfig('site').url };
  } catch {
    return { siteUrl: new URL(request.url).origin };
  }
}

/** A message to write: its kind, the addresses (one message, all in To), what it says, the family it concerns, and the files it carries (made when sent). */
export interface OutgoingMail {
  kind: MailKind;
  to: readonly string[];
  content: MailContent;
  familyId: string | null;
  attachments?: readonly MailAttachment[];
  /** Worth sending only until then (a waiting-list offer's deadline); a short-lived secret's is ACCESS_CODE_GIVE_UP_MS after `now`. */
  expiresAt?: Date;
}

/** What writes a message: the event's transaction or batch. */
export interface MailWriter {
  create(ref: DocumentReference, data: FirebaseFirestore.DocumentData): unknown;
}

/**
 * Writes `mail` to the outbox through `writer`; returns its id (pass it to
 * {@link MailDelivery.deliverMail} once the transaction committed), or null
 * when it has no address.
 */
export function enqueueMail(db: Firestore, writer: MailWriter, mail: OutgoingMail, now = new Date()): string | null {
  const to = [...new Set(mail.to.map((address) => address.trim().toLowerCase()).filter(Boolean))];
  if (to.length === 0) return null;
  const ref = db.collection(COLLECTION.mail).doc();
  const expiresAt = mail.expiresAt ?? (SHORT_LIVED_KINDS.has(mail.kind) ? new Date(now.getTime() + ACCESS_CODE_GIVE_UP_MS) : null);
  const document: MailDocument = {
    id: ref.id,
    kind: mail.kind,
    family_id: mail.familyId,
    to,
    subject: mail.content.subject,
    text: mail.content.text,
    html: mail.content.html,
    status: 'pending',
    attempts: 0,
    created_at: now,
    next_attempt_at: now,
    lease_until: null,
    sent_at: null,
    last_error: null,
    attachments: [...(mail.attachments ?? [])],
    held_until: null,
    expires_at: expiresAt,
  };
  writer.create(ref, {
    ...document,
    created_at: Timestamp.fromDate(now),
    next_attempt_at: Timestamp.fromDate(now),
    expires_at: expiresAt && Timestamp.fromDate(expiresAt),
  });
  return ref.id;
}

/**
 * The e-mail addresses of the parents of `familyId`, read in `transaction`
 * (before its writes): every parent with one, in the order of their ids.
 */
export async function familyAddresses(db: Firestore, transaction: Transaction, familyId: string): Promise<string[]> {
  const parents = await transaction.get(db.collection(COLLECTION.parents).where('family_id', '==', familyId));
  return parents.docs
    .map((snapshot) => snapshot.get('email') as unknown)
    .filter((email): email is string => typeof email === 'string' && email.includes('@'));
}

/** What one delivery did ('held': the mail budget keeps it for the next day; 'dropped': expired, or past the sign-in allowance). */
export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'skipped' | 'held' | 'dropped';

/** Until when `mail` is worth sending: its `expires_at`, or, for a short-lived secret written before that field, its validity. */
const expiryOf = (mail: MailDocument): Date | null =>
  mail.expires_at ?? (SHORT_LIVED_KINDS.has(mail.kind) ? new Date(mail.created_at.getTime() + ACCESS_CODE_GIVE_UP_MS) : null);

/**
 * Claims the message `id` for one sender: the message, 'held' when the
 * day's mail budget holds it (until the next day), 'dropped' when it
 * expired or the sign-in allowance is spent (marked so, its secret
 * emptied), or null when it is not due, already claimed, or done.
 */
async function claim(db: Firestore, id: string, now: Date): Promise<MailDocument | 'held' | 'dropped' | null> {
  const ref = db.collection(COLLECTION.mail).doc(id);
  return runTransaction(db, async (transaction) => {
    const mail = readSnapshot(mailDocument, await transaction.get(ref));
    if (!mail || mail.status !== 'pending' || mail.next_attempt_at > now || (mail.lease_until && mail.lease_until > now)) return null;
    const expiry = expiryOf(mail);
    const verdict =
      expiry && expiry <= now
        ? { verdict: 'drop' as const, reason: 'expired before it could be sent' }
        : await weighMail(db, transaction, mail, now);
    if (verdict.verdict === 'drop') {
      const secret = SECRET_KINDS.has(mail.kind) ? { text: '', html: '' } : {};
      transaction.update(ref, { status: 'dropped', lease_until: null, last_error: verdict.reason, ...secret });
      return 'dropped';
    }
    if (verdict.verdict === 'hold') {
      const until = Timestamp.fromDate(verdict.until);
      transaction.update(ref, { next_attempt_at: until, held_until: until });
      return 'held';
    }
    transaction.update(ref, { lease_until: Timestamp.fromMillis(now.getTime() + LEASE_MS), attempts: mail.attempts + 1 });
    return { ...mail, attempts: mail.attempts + 1 };
  });
}

/** The outbox's sender, its attachments made by the renderers it was given ({@link mailDelivery}). */
export interface MailDelivery {
  /**
   * Sends the message `id` if it is due and nobody else is sending it: 'sent'
   * (an access code's text is then cleared: it must not outlive its use),
   * 'retry' (the next attempt is planned), 'failed' (given up after a day,
   * with an audit entry), 'held' (by the mail budget), 'dropped' (expired,
   * or past the sign-in allowance) or 'skipped'. Never
   * throws: it runs after the answer (`waitUntil`), where nobody could catch it.
   */
  deliverMail: (db: Firestore, id: string, now?: Date) => Promise<DeliveryOutcome>;
  /**
   * Sends the pending messages that are due (at most `limit`, 50), one after
   * the other, access e-mails first (ACCESS_MAIL_KINDS: a backlog the budget
   * held never delays a code), then the others, oldest plan first; returns
   * how many ended in each outcome.
   */
  deliverDue: (db: Firestore, now?: Date, limit?: number) => Promise<Record<DeliveryOutcome, number>>;
}

/**
 * The outbox's sender whose messages' attachments are made by `renderers`
 * (one per attachment kind, from the capabilities): the platform never
 * knows how a receipt or a calendar entry is made.
 */
export function mailDelivery(renderers: AttachmentRenderers): MailDelivery {
  return {
    deliverMail: (db, id, now = new Date()) => deliverOne(db, id, renderers, now),
    deliverDue: (db, now = new Date(), limit = 50) => deliverAllDue(db, renderers, now, limit),
  };
}

async function deliverOne(db: Firestore, id: string, renderers: AttachmentRenderers, now: Date): Promise<DeliveryOutcome> {
  try {
    return await attempt(db, id, renderers, now);
  } catch (error) {
    // Firestore itself failed: the message stays pending (or its lease runs out) and the scheduled sender tries again.
    console.error(`mail: ${id} not delivered: ${error instanceof Error ? error.message : String(error)}`);
    return 'skipped';
  }
}

async function attempt(db: Firestore, id: string, renderers: AttachmentRenderers, now: Date): Promise<DeliveryOutcome> {
  const mail = await claim(db, id, now);
  if (mail === 'held' || mail === 'dropped') return mail;
  if (!mail) return 'skipped';
  const ref = db.collection(COLLECTION.mail).doc(id);
  try {
    const attachments = await Promise.all(mail.attachments.map((attachment) => makeAttachment(db, renderers, attachment)));
    await sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: id, attachments });
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    console.error(`mail: ${mail.kind} ${id} not sent (attempt ${mail.attempts}): ${reason}`);
    return planRetry(db, ref, mail, reason, now);
  }
  await ref.update({
    status: 'sent',
    sent_at: Timestamp.fromDate(new Date()),
    lease_until: null,
    last_error: null,
    ...(SECRET_KINDS.has(mail.kind) ? { text: '', html: '' } : {}),
  });
  return 'sent';
}

/** After a failed attempt: the next one, or, a day after the message was written (or last held by the budget), 'failed' and an audit entry. */
async function planRetry(db: Firestore, ref: DocumentReference, mail: MailDocument, reason: string, now: Date): Promise<DeliveryOutcome> {
  const since = Math.max(mail.created_at.getTime(), mail.held_until?.getTime() ?? 0);
  const giveUp = now.getTime() - since >= (SHORT_LIVED_KINDS.has(mail.kind) ? ACCESS_CODE_GIVE_UP_MS : GIVE_UP_MS);
  const wait = RETRY_MINUTES[Math.min(mail.attempts, RETRY_MINUTES.length) - 1] ?? RETRY_MINUTES[0];
  // The sender holds the lease: nobody else writes the message meanwhile, so a batch suffices.
  const batch = db.batch();
  const error = reason.slice(0, 500);
  if (!giveUp) {
    batch.update(ref, { next_attempt_at: Timestamp.fromMillis(now.getTime() + wait * 60_000), lease_until: null, last_error: error });
  } else {
    batch.update(ref, {
      status: 'failed',
      lease_until: null,
      last_error: error,
      ...(SECRET_KINDS.has(mail.kind) ? { text: '', html: '' } : {}),
    });
    recordAudit(db, batch, {
      actor: SYSTEM_ACTOR,
      action: AUDIT_ACTION.mailFailed,
      target: { collection: COLLECTION.mail, id: mail.id },
      summary: `E-mail non consegnata dopo ${mail.attempts} tentativi: «${mail.subject}» a ${mail.to.join(', ')}`,
      before: null,
      after: { kind: mail.kind, attempts: mail.attempts, error },
    });
  }
  await batch.commit();
  return giveUp ? 'failed' : 'retry';
}

async function deliverAllDue(
  db: Firestore,
  renderers: AttachmentRenderers,
  now: Date,
  limit: number,
): Promise<Record<DeliveryOutcome, number>> {
  const pending = () =>
    db.collection(COLLECTION.mail).where('status', '==', 'pending').where('next_attempt_at', '<=', Timestamp.fromDate(now));
  const access = await pending()
    .where('kind', 'in', [...ACCESS_MAIL_KINDS])
    .orderBy('next_attempt_at')
    .limit(limit)
    .get();
  const others = await pending().orderBy('next_attempt_at').limit(limit).get();
  const ids = [...new Set([...access.docs, ...others.docs].map((snapshot) => snapshot.id))].slice(0, limit);
  const outcomes: Record<DeliveryOutcome, number> = { sent: 0, retry: 0, failed: 0, skipped: 0, held: 0, dropped: 0 };
  // A scheduled function has about 30 s: stop in time, the rest waits for the next run.
  const deadline = Date.now() + 20_000;
  for (const id of ids) {
    if (Date.now() > deadline) break;
    outcomes[await deliverOne(db, id, renderers, now)] += 1;
  }
  return outcomes;
}

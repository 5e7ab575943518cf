import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Timestamp, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { paths } from '@config/paths';
import { requestAccessCodeContract } from '@contracts/request-access-code';
import { ACCESS_LINK_TOKEN_PATTERN } from '@contracts/verify-access-link';
import { accessCodeDocument, type AccessCodeDocument } from '@domain/access/access-code-schema';
import { accessLimitsDocument } from '@domain/access/access-limits-schema';
import { accessLinkDocument } from '@domain/access/access-link-schema';
import { COLLECTION } from '@domain/collections';
import { parentDocument, type ParentDocument } from '@domain/roster/parent-schema';
import { readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { refuseSpentSignInMail } from '../platform/mail/sign-in-allowance';
import { HttpError } from '../platform/http';
import { accessCodeMail, accessLinkMail, accessLockedMail } from './access-mails';
import { enqueueMail } from '../platform/mail/outbox';
import { counterExpiry, italianDayWindow, limitsFromEnv, retryAfter, secondsLeft } from '../platform/allowance';
import { keyedHash } from '../platform/secret-keys';

/**
 * Parents' access (docs/security.md, "Parents' sessions"). One live access
 * per parent (`access_codes/{parent id}`): a random nonce from which two
 * secrets are derived with SESSION_SECRET's keys, the six-digit code and the
 * one-time sign-in link's token, so the database alone reveals neither and
 * the live code can be e-mailed again. Valid CODE_MINUTES; a code allows
 * MAX_TRIES wrong tries. Per parent, across every client address and
 * function instance (`access_limits/{parent id}`, in the same transactions):
 * at most `emailsPerHour` access e-mails in any hour (3) and
 * `wrongTriesPerDay` wrong codes an Italian day (10); past those, codes are
 * paused until the next day, the parent is told once by e-mail, and 'Trova'
 * sends a sign-in link instead of a code. The link (`access_links/{SHA-256
 * of the token}`) is spent by the sign-in it opens, and works while codes
 * are paused.
 */

/** How long a code (and the link sent with it) is valid. */
export const CODE_MINUTES = 10;
/** Wrong tries a code allows; then a new code is needed. */
export const MAX_TRIES = 5;
/** Seconds between two access e-mails to one parent. */
export const RESEND_SECONDS = 60;
/** A live code is e-mailed again, rather than replaced, while at least this many seconds of it are left. */
export const RESEND_MIN_SECONDS_LEFT = 120;

const HOUR_MS = 60 * 60_000;

/** A parent's limits (see the module's comment). */
export interface AccessLimits {
  emailsPerHour: number;
  wrongTriesPerDay: number;
}

/** The limits from the environment; an unset or malformed value is the default (3 e-mails an hour, 10 wrong codes a day). */
export function accessLimits(env: NodeJS.ProcessEnv = process.env): AccessLimits {
  return limitsFromEnv({ emailsPerHour: ['ACCESS_EMAILS_PER_HOUR', 3], wrongTriesPerDay: ['ACCESS_WRONG_TRIES_PER_DAY', 10] }, env);
}

/** HMAC-SHA256 under the key of `label`'s use (secret-keys.ts) of a parent's nonce. @throws ServiceNotConfiguredError without SESSION_SECRET. */
const derive = (label: 'code' | 'link', parentId: string, nonce: string) =>
  keyedHash(label === 'code' ? 'access-code' : 'access-link', `${label}:${parentId}:${nonce}`);

/** The six digits of `nonce` (48 bits of its HMAC modulo 10^6: every code as likely, to one part in 10^8). */
export const codeOf = (parentId: string, nonce: string): string =>
  String(derive('code', parentId, nonce).readUIntBE(0, 6) % 1_000_000).padStart(6, '0');

/** The sign-in link's token of `nonce`: 256 bits, base64url (43 characters). */
export const linkTokenOf = (parentId: string, nonce: string): string => derive('link', parentId, nonce).toString('base64url');

/** Where a token's link is kept: its SHA-256 (a 256-bit secret needs no key), so the database never holds the token. */
const linkIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a parent spent, as of `now`: today's wrong codes and lock, and the access e-mails of the last hour (oldest first). */
interface Spent {
  day: string;
  wrongTries: number;
  lockNotified: boolean;
  sent: Date[];
}

function spentOf(snapshot: FirebaseFirestore.DocumentSnapshot, now: Date): Spent {
  const stored = readSnapshot(accessLimitsDocument, snapshot);
  const day = italianDayWindow(now).id;
  const today = stored?.day === day;
  return {
    day,
    wrongTries: today ? stored.wrong_tries : 0,
    lockNotified: today ? stored.lock_notified : false,
    sent: (stored?.sent ?? []).filter((at) => now.getTime() - at.getTime() < HOUR_MS),
  };
}

function writeSpent(transaction: Transaction, ref: DocumentReference, parentId: string, spent: Spent, now: Date): void {
  transaction.set(ref, {
    parent_id: parentId,
    day: spent.day,
    wrong_tries: spent.wrongTries,
    lock_notified: spent.lockNotified,
    sent: spent.sent.map((at) => Timestamp.fromDate(at)),
    // A Firestore TTL policy on expires_at deletes it once the day and the hour after are over (docs/deploy.md).
    expires_at: counterExpiry(italianDayWindow(now), HOUR_MS),
  });
}

const refs = (db: Firestore, parentId: string) => ({
  code: db.collection(COLLECTION.accessCodes).doc(parentId),
  limits: db.collection(COLLECTION.accessLimits).doc(parentId),
  link: (token: string) => db.collection(COLLECTION.accessLinks).doc(linkIdOf(token)),
});

/** A parent was sent `limit` access e-mails in the last hour: 429 with Retry-After. */
export class TooManyAccessEmailsError extends HttpError {
  constructor(limit: number, seconds: number, live: boolean) {
    super(429, requestAccessCodeContract.messages.tooManyEmails(limit, seconds, live), retryAfter(seconds));
    this.name = 'TooManyAccessEmailsError';
  }
}

/** How a parent signs in now: a code (with a link), or, while codes are paused, a link alone. */
export type AccessMode = 'code' | 'link';

/** What issuing access did. */
export interface IssuedAccess {
  /** The e-mail written to the outbox (deliver it once committed), or null when none was sent now. */
  mailId: string | null;
  mode: AccessMode;
  /** Seconds before another e-mail may be asked for. */
  resendAfterSeconds: number;
  /** The code in the parent's mailbox was already sent before (e-mailed again, or not sent now): no new code. */
  sameCode: boolean;
}

/** Options of {@link issueAccess}: the site's address for the link and the logo, the page to go back to after the link, 'Invia di nuovo', the limits. */
export interface IssueOptions {
  siteUrl: string;
  /** 'Invia di nuovo': the parent asks for an e-mail now, so one that cannot go is refused rather than passed over. */
  resend?: boolean;
  /** Checked already (accessReturnPath, src/config/paths.ts). */
  returnPath: string;
  limits?: AccessLimits;
}

/**
 * E-mails `parent` (who has an e-mail) access, in one transaction with its
 * outbox message: within RESEND_SECONDS of the last e-mail nothing; the live
 * code (with RESEND_MIN_SECONDS_LEFT to go) again, else a new one; while
 * the day's wrong codes are spent, a sign-in link alone. The hour's
 * e-mails are counted; past them nothing is sent: a first 'Trova' with a
 * code live opens the code step all the same, 'Invia di nuovo' or no code
 * live is {@link TooManyAccessEmailsError}.
 * @throws TooManyAccessEmailsError; HttpError 429 when the day's sign-in e-mails are spent (refuseSpentSignInMail); ServiceNotConfiguredError without SESSION_SECRET.
 */
export async function issueAccess(db: Firestore, parent: ParentDocument, options: IssueOptions, now = new Date()): Promise<IssuedAccess> {
  const email = parent.email;
  if (!email) throw new Error('issueAccess: the parent has no e-mail');
  const limits = options.limits ?? accessLimits();
  const ref = refs(db, parent.id);
  return runTransaction(db, async (transaction) => {
    const [codeSnapshot, limitsSnapshot] = await transaction.getAll(ref.code, ref.limits);
    const live = readSnapshot(accessCodeDocument, codeSnapshot!);
    const spent = spentOf(limitsSnapshot!, now);
    const mode: AccessMode = spent.wrongTries >= limits.wrongTriesPerDay ? 'link' : 'code';
    // What may be sent again: a live nonce, with tries left when it is a code that is sent.
    const current =
      live?.nonce && live.family_id === parent.family_id && live.expires_at > now && (mode === 'link' || live.tries < MAX_TRIES)
        ? live
        : null;
    const waited = current ? (now.getTime() - current.sent_at.getTime()) / 1000 : Infinity;
    if (waited < RESEND_SECONDS) return { mailId: null, mode, resendAfterSeconds: Math.ceil(RESEND_SECONDS - waited), sameCode: true };
    if (spent.sent.length >= limits.emailsPerHour) {
      const oldestCounted = spent.sent[spent.sent.length - limits.emailsPerHour]!;
      const seconds = Math.ceil((oldestCounted.getTime() + HOUR_MS - now.getTime()) / 1000);
      if (current && !options.resend) return { mailId: null, mode, resendAfterSeconds: seconds, sameCode: true };
      throw new TooManyAccessEmailsError(limits.emailsPerHour, seconds, current !== null);
    }
    await refuseSpentSignInMail(db, transaction, [email], now);
    const reused = current && current.expires_at.getTime() - now.getTime() >= RESEND_MIN_SECONDS_LEFT * 1000 ? current : null;
    const access = reused ?? newAccess(parent, now);
    if (live?.nonce && live.nonce !== access.nonce) transaction.delete(ref.link(linkTokenOf(parent.id, live.nonce)));
    transaction.set(ref.code, {
      ...access,
      sent_at: Timestamp.fromDate(now),
      // A Firestore TTL policy on expires_at deletes spent codes (docs/deploy.md).
      expires_at: Timestamp.fromDate(access.expires_at),
    });
    const token = linkTokenOf(parent.id, access.nonce);
    transaction.set(ref.link(token), {
      parent_id: parent.id,
      family_id: parent.family_id,
      return_path: options.returnPath,
      // The same TTL policy deletes links never used (docs/deploy.md).
      expires_at: Timestamp.fromDate(access.expires_at),
    });
    writeSpent(transaction, ref.limits, parent.id, { ...spent, sent: [...spent.sent, now] }, now);
    const minutes = Math.max(1, Math.floor((access.expires_at.getTime() - now.getTime()) / 60_000));
    const link = `${options.siteUrl}${paths.accesso}#${token}`;
    const mailId = enqueueMail(
      db,
      transaction,
      {
        kind: mode === 'code' ? 'access-code' : 'access-link',
        to: [email],
        content:
          mode === 'code'
            ? accessCodeMail({ code: codeOf(parent.id, access.nonce), minutes, link }, { siteUrl: options.siteUrl })
            : accessLinkMail({ link, minutes }, { siteUrl: options.siteUrl }),
        familyId: parent.family_id,
      },
      now,
    );
    return { mailId, mode, resendAfterSeconds: RESEND_SECONDS, sameCode: reused !== null };
  });
}

function newAccess(parent: ParentDocument, now: Date): AccessCodeDocument {
  return {
    parent_id: parent.id,
    family_id: parent.family_id,
    nonce: randomBytes(16).toString('hex'),
    sent_at: now,
    expires_at: new Date(now.getTime() + CODE_MINUTES * 60_000),
    tries: 0,
  };
}

/** What checking a code gave: the family it opens, or why not (`lockMailId`: the lock e-mail this check wrote, to deliver). */
export type CodeCheck =
  { ok: true; familyId: string } | { ok: false; reason: 'wrong' | 'expired' } | { ok: false; reason: 'locked'; lockMailId: string | null };

/**
 * Checks `code` against `parent`'s live code in a transaction: while the
 * day's wrong codes are spent, 'locked' (the code is not even compared);
 * none live, expired or out of tries, 'expired'; wrong, one try counted on
 * the code and one on the day, and the try that reaches the day's limit
 * answers 'locked' and writes the lock e-mail (once a day); right, the code
 * and its link are spent (deleted) and its family returned. Checks at the
 * same moment count every wrong try and spend a right code once.
 * @throws ServiceNotConfiguredError without SESSION_SECRET.
 */
export async function checkAccessCode(
  db: Firestore,
  parent: ParentDocument,
  code: string,
  siteUrl: string,
  now = new Date(),
  limits: AccessLimits = accessLimits(),
): Promise<CodeCheck> {
  const ref = refs(db, parent.id);
  return runTransaction(db, async (transaction): Promise<CodeCheck> => {
    const [codeSnapshot, limitsSnapshot] = await transaction.getAll(ref.code, ref.limits);
    const live = readSnapshot(accessCodeDocument, codeSnapshot!);
    const spent = spentOf(limitsSnapshot!, now);
    if (spent.wrongTries >= limits.wrongTriesPerDay) return { ok: false, reason: 'locked', lockMailId: null };
    // A code made before the parent moved to another family opens neither.
    if (!live?.nonce || live.expires_at <= now || live.tries >= MAX_TRIES || live.family_id !== parent.family_id) {
      return { ok: false, reason: 'expired' };
    }
    const expected = Buffer.from(codeOf(parent.id, live.nonce));
    const given = Buffer.from(code);
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      transaction.delete(ref.code);
      transaction.delete(ref.link(linkTokenOf(parent.id, live.nonce)));
      return { ok: true, familyId: live.family_id };
    }
    transaction.update(ref.code, { tries: live.tries + 1 });
    const wrongTries = spent.wrongTries + 1;
    const locked = wrongTries >= limits.wrongTriesPerDay;
    const lockMailId =
      locked && !spent.lockNotified && parent.email
        ? enqueueMail(
            db,
            transaction,
            {
              kind: 'access-locked',
              to: [parent.email],
              content: accessLockedMail({ wrongTries }, { siteUrl }),
              familyId: parent.family_id,
            },
            now,
          )
        : null;
    writeSpent(transaction, ref.limits, parent.id, { ...spent, wrongTries, lockNotified: spent.lockNotified || locked }, now);
    return locked ? { ok: false, reason: 'locked', lockMailId } : { ok: false, reason: 'wrong' };
  });
}

/** Seconds from `now` to the next Italian midnight, when paused codes start again (a 429's Retry-After). */
export const secondsToTomorrow = (now = new Date()): number => secondsLeft(italianDayWindow(now), now);

/** Who a sign-in link opens for, and the page to go back to. */
export interface LinkSignIn {
  parentId: string;
  familyId: string;
  /** The parent's fiscal code, for the screen's lookup form. */
  cf: string;
  returnPath: string;
}

/**
 * Spends the sign-in link of `token` in a transaction: when it is live and
 * its parent still belongs to its family, the link is deleted (with the
 * code it came with) and who it opens for is returned; otherwise null.
 * Two sign-ins at the same moment: one gets the parent, the other null.
 * Paused codes do not stop a link.
 */
export async function spendAccessLink(db: Firestore, token: string, now = new Date()): Promise<LinkSignIn | null> {
  if (!ACCESS_LINK_TOKEN_PATTERN.test(token)) return null;
  const linkRef = db.collection(COLLECTION.accessLinks).doc(linkIdOf(token));
  return runTransaction(db, async (transaction) => {
    const link = readSnapshot(accessLinkDocument, await transaction.get(linkRef));
    if (!link || link.expires_at <= now) return null;
    const ref = refs(db, link.parent_id);
    const [codeSnapshot, parentSnapshot] = await transaction.getAll(ref.code, db.collection(COLLECTION.parents).doc(link.parent_id));
    const live = readSnapshot(accessCodeDocument, codeSnapshot!);
    const parent = readSnapshot(parentDocument, parentSnapshot!);
    transaction.delete(linkRef);
    if (live?.nonce && linkIdOf(linkTokenOf(link.parent_id, live.nonce)) === linkRef.id) transaction.delete(ref.code);
    if (!parent || parent.family_id !== link.family_id) return null;
    return { parentId: parent.id, familyId: parent.family_id, cf: parent.cf, returnPath: link.return_path };
  });
}

/** 'm•••@e•••.com': the first letter of the name and of the domain, and the top-level domain. */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${name.slice(0, 1)}•••@${host.slice(0, 1)}•••${tld}`;
}

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { accessCodeDocument, COLLECTION, type ParentDocument } from '../../src/domain/documents';
import { readSnapshot } from './documents';
import { runTransaction } from './firestore';
import { accessCodeMail } from './mail/messages';
import { enqueueMail } from './mail/outbox';
import { serviceConfig } from './server-env';

/**
 * Parents' access codes (docs/security.md, "Parents' sessions"): six
 * digits sent to the parent's e-mail, stored as an HMAC keyed by
 * SESSION_SECRET (never the code), one live code per parent
 * (`access_codes/{parent id}`), valid CODE_MINUTES, MAX_TRIES wrong tries,
 * a new one at most every RESEND_SECONDS.
 */

/** How long a code is valid. */
export const CODE_MINUTES = 10;
/** Wrong tries a code allows; then a new code is needed. */
export const MAX_TRIES = 5;
/** Seconds between two codes sent to one parent. */
export const RESEND_SECONDS = 60;

/** The Italian messages of a code refused. */
export const ACCESS_CODE_MESSAGES = {
  wrong: 'Codice non valido',
  expired: 'Codice scaduto: richiedine uno nuovo',
} as const;

const hashOf = (parentId: string, code: string) =>
  createHmac('sha256', serviceConfig('session').secret).update(`${parentId}:${code}`).digest('hex');

/** What issuing a code did: whether a new one went to the outbox (its mail id), and the seconds before another may be sent. */
export interface IssuedCode {
  mailId: string | null;
  resendAfterSeconds: number;
}

/**
 * Issues a code to `parent` (who has an e-mail) and writes its message to
 * the outbox, in one transaction; when the last code went out less than
 * RESEND_SECONDS ago and is still usable, sends nothing and says how long
 * to wait.
 * @throws ServiceNotConfiguredError without SESSION_SECRET.
 */
export async function issueAccessCode(db: Firestore, parent: ParentDocument, siteUrl: string, now = new Date()): Promise<IssuedCode> {
  const email = parent.email;
  if (!email) throw new Error('issueAccessCode: the parent has no e-mail');
  const ref = db.collection(COLLECTION.accessCodes).doc(parent.id);
  return runTransaction(db, async (transaction) => {
    const live = readSnapshot(accessCodeDocument, await transaction.get(ref));
    const waited = live ? (now.getTime() - live.sent_at.getTime()) / 1000 : Infinity;
    if (live && waited < RESEND_SECONDS && live.expires_at > now && live.tries < MAX_TRIES) {
      return { mailId: null, resendAfterSeconds: Math.ceil(RESEND_SECONDS - waited) };
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    transaction.set(ref, {
      parent_id: parent.id,
      family_id: parent.family_id,
      code_hash: hashOf(parent.id, code),
      sent_at: Timestamp.fromDate(now),
      // A Firestore TTL policy on expires_at deletes spent codes (docs/deploy.md).
      expires_at: Timestamp.fromMillis(now.getTime() + CODE_MINUTES * 60_000),
      tries: 0,
    });
    const mailId = enqueueMail(
      db,
      transaction,
      {
        kind: 'access-code',
        to: [email],
        content: accessCodeMail({ code, minutes: CODE_MINUTES }, { siteUrl }),
        familyId: parent.family_id,
      },
      now,
    );
    return { mailId, resendAfterSeconds: RESEND_SECONDS };
  });
}

/** What checking a code gave: the family it opens, or why not. */
export type CodeCheck = { ok: true; familyId: string } | { ok: false; reason: keyof typeof ACCESS_CODE_MESSAGES };

/**
 * Checks `code` against `parentId`'s live code in a transaction: right, the
 * code is spent (deleted) and its family returned; wrong, one try is
 * counted; none, expired or out of tries: 'expired'. Two checks at the same
 * moment count two tries and spend a right code once.
 */
export async function checkAccessCode(db: Firestore, parentId: string, code: string, now = new Date()): Promise<CodeCheck> {
  const ref = db.collection(COLLECTION.accessCodes).doc(parentId);
  return runTransaction(db, async (transaction): Promise<CodeCheck> => {
    const live = readSnapshot(accessCodeDocument, await transaction.get(ref));
    if (!live || live.expires_at <= now || live.tries >= MAX_TRIES) return { ok: false, reason: 'expired' };
    const expected = Buffer.from(live.code_hash, 'hex');
    const given = Buffer.from(hashOf(parentId, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      transaction.update(ref, { tries: live.tries + 1 });
      return { ok: false, reason: 'wrong' };
    }
    transaction.delete(ref);
    return { ok: true, familyId: live.family_id };
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

import { createHmac, hkdfSync } from 'node:crypto';
import { serviceConfig } from './server-env';

/**
 * One key per use, derived from SESSION_SECRET (docs/security.md, "Deploy
 * secrets"): HKDF-SHA256 (RFC 5869, node:crypto `hkdfSync`) with the salt
 * {@link KEY_SALT} and the use's name as `info`, 32 bytes. A key that leaks
 * from one use (a log, a bug) tells nothing of the others, and no use's
 * output can be replayed as another's.
 *
 * Rotation (docs/deploy.md, "Rotating SESSION_SECRET"): uses sign with the
 * current secret's key only; {@link verificationKeys} adds the keys of
 * SESSION_SECRET_PREVIOUS, so session cookies signed before the rotation
 * stay good until they expire. The other uses (codes, keyed ids) are not
 * checked against the previous secret: they live minutes or a day, and
 * change at the deploy that rotates.
 */

/** Every use of the secret, by its HKDF `info`. */
export const KEY_USES = [
  /** The parents' session cookie (HS256, session.ts). */
  'session-token',
  /** The six-digit access code of a parent's nonce (access/access-codes.ts). */
  'access-code',
  /** The sign-in link's token of a parent's nonce (access/access-codes.ts). */
  'access-link',
  /** The stored hash of an e-mail change's code (access/email-change.ts). */
  'email-change-code',
  /** The stored hash of a signing code (documents/document-signing.ts). */
  'signing-code',
  /** The name of a client network's counters (fiscal-code-budget.ts). */
  'fiscal-code-network',
  /** A waiting-list application's id from the child's fiscal code, its code's hash, its status link (admissions/). */
  'admission',
] as const;
export type KeyUse = (typeof KEY_USES)[number];

/** HKDF's salt: fixed, so a key depends on the secret and the use only. */
export const KEY_SALT = 'scout-portal/session-secret';

/** The 32-byte key of `use` derived from `secret`. */
export function deriveKey(secret: string, use: KeyUse): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, KEY_SALT, use, 32));
}

/** The key `use` signs and hashes with: the current SESSION_SECRET's. @throws ServiceNotConfiguredError without a valid SESSION_SECRET. */
export function currentKey(use: KeyUse, env: NodeJS.ProcessEnv = process.env): Buffer {
  return deriveKey(serviceConfig('session', env).secret, use);
}

/**
 * The keys a signature of `use` is checked against, current first: the
 * current secret's; with SESSION_SECRET_PREVIOUS, the previous secret's
 * derived key and the previous secret itself (what signed before per-use
 * keys existed, so the first deploy of them can keep families signed in).
 * @throws ServiceNotConfiguredError without a valid SESSION_SECRET.
 */
export function verificationKeys(use: KeyUse, env: NodeJS.ProcessEnv = process.env): Buffer[] {
  const { secret, previousSecret } = serviceConfig('session', env);
  const keys = [deriveKey(secret, use)];
  if (previousSecret) keys.push(deriveKey(previousSecret, use), Buffer.from(previousSecret, 'utf8'));
  return keys;
}

/** HMAC-SHA256 of `message` under the current key of `use`. @throws ServiceNotConfiguredError without a valid SESSION_SECRET. */
export function keyedHash(use: KeyUse, message: string): Buffer {
  return createHmac('sha256', currentKey(use)).update(message).digest();
}

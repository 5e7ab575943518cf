import { createHash, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { PARENT_MESSAGES } from '@contracts/parent-messages';
import { getDb } from './firestore';
import { HttpError } from './http';
import { isSessionLive, type SessionToken } from './session-validity';
import { currentKey, verificationKeys } from './secret-keys';

/**
 * A family's session (docs/security.md, "Parents' sessions"): after the
 * right access code (or sign-in link), the browser holds a cookie named
 * with the `__Host-` prefix (HttpOnly, SameSite=Strict, Secure, Path=/, no
 * Domain) with a token signed by SESSION_SECRET's 'session-token' key
 * (HS256, jose; secret-keys.ts) naming the parent and the family, with its
 * own id (`jti`) and issue time (`iat`). Every request re-checks that it is
 * still live (session-validity.ts: the parent still in the family, not
 * ended by 'Esci'). Every parent function acts only on the family of its
 * session.
 */

/**
 * The cookie's name. `__Host-`: a browser accepts it only Secure, for
 * Path=/ and without Domain, so no sibling subdomain can plant or widen
 * one. Browsers treat http://localhost as secure, so the local stack keeps
 * it too.
 */
export const SESSION_COOKIE = '__Host-scout_session';

/** How long a session lasts: the browser's session (a day at most), or 30 days when the parent ticks 'Ricorda questo dispositivo'. */
export const SESSION_SECONDS = { browser: 24 * 60 * 60, remembered: 30 * 24 * 60 * 60 } as const;

/** Who a session belongs to. */
export interface FamilySession {
  familyId: string;
  parentId: string;
}

const ISSUER = 'scout-portal';
const AUDIENCE = 'family';

/** A signed token for `session`, valid `seconds`. @throws ServiceNotConfiguredError without SESSION_SECRET. */
export async function signSession(session: FamilySession, seconds: number): Promise<string> {
  return new SignJWT({ fam: session.familyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(session.parentId)
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(currentKey('session-token'));
}

/** The cookie `name` of `request`, or null. */
function cookieOf(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || null;
  }
  return null;
}

/**
 * The token `request` carries, or null when it has none, or one that is
 * expired, forged or signed with another secret than SESSION_SECRET or,
 * during a rotation, SESSION_SECRET_PREVIOUS (`verificationKeys`). A token
 * signed before tokens had an id is named by its hash, so 'Esci' still ends
 * it. Its liveness is not checked: {@link readSession}.
 * @throws ServiceNotConfiguredError without SESSION_SECRET.
 */
export async function readSessionToken(request: Request): Promise<SessionToken | null> {
  const token = cookieOf(request, SESSION_COOKIE);
  if (!token) return null;
  for (const key of verificationKeys('session-token')) {
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      const { fam, sub, jti, iat, exp } = payload;
      if (typeof fam !== 'string' || typeof sub !== 'string') return null;
      if (typeof iat !== 'number' || typeof exp !== 'number') return null;
      const tokenId = typeof jti === 'string' ? jti : `pre-id-${createHash('sha256').update(token).digest('hex')}`;
      return { familyId: fam, parentId: sub, tokenId, issuedAt: iat, expiresAt: exp };
    } catch {
      // Another key may have signed it; none did: no session.
    }
  }
  return null;
}

/**
 * The live session `request` carries (a good token, its parent still in
 * its family, not ended: isSessionLive), or null.
 * @throws ServiceNotConfiguredError without SESSION_SECRET or Firebase.
 */
export async function readSession(request: Request): Promise<FamilySession | null> {
  const token = await readSessionToken(request);
  if (!token || !(await isSessionLive(getDb(), token))) return null;
  return { familyId: token.familyId, parentId: token.parentId };
}

/**
 * The live session of `request`, checked before anything is read, so a
 * caller without one learns nothing about a fiscal code.
 * @throws HttpError 401 PARENT_MESSAGES.sessionExpired without a valid
 * session, or one whose parent left the family or that was ended.
 */
export async function requireSession(request: Request): Promise<FamilySession> {
  const session = await readSession(request);
  if (!session) throw new HttpError(401, PARENT_MESSAGES.sessionExpired);
  return session;
}

/**
 * Checks that what a parent function acts on belongs to the session's family.
 * @throws HttpError 401 PARENT_MESSAGES.sessionExpired when `familyId` is another family's.
 */
export function assertSessionFamily(session: FamilySession, familyId: string): void {
  if (session.familyId !== familyId) throw new HttpError(401, PARENT_MESSAGES.sessionExpired);
}

/** What every session cookie carries: the `__Host-` prefix's requirements, and neither scripts nor other sites may send or read it. */
const ATTRIBUTES = ['Path=/', 'HttpOnly', 'SameSite=Strict', 'Secure'] as const;

/**
 * The Set-Cookie value of a session token: HttpOnly, SameSite=Strict,
 * Secure, Path=/, no Domain; a browser-session cookie unless `remember`
 * (then Max-Age of 30 days).
 */
export function sessionCookie(token: string, remember: boolean): string {
  return [`${SESSION_COOKIE}=${token}`, ...ATTRIBUTES, ...(remember ? [`Max-Age=${SESSION_SECONDS.remembered}`] : [])].join('; ');
}

/** The Set-Cookie value that ends a session. */
export function endedSessionCookie(): string {
  return [`${SESSION_COOKIE}=`, ...ATTRIBUTES, 'Max-Age=0'].join('; ');
}

import { createHash } from 'node:crypto';
import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { paths } from '@config/paths';
import { claimsOf, staffOf, type Staff, type StaffAccountState } from '@domain/staff/staff-roles';
import { getAdminApp } from '../platform/firestore';

/**
 * A volunteer's Firebase Auth account as the roles need it (docs/security.md,
 * "Roles"): the account an invitation makes, its state, its role's custom
 * claims, its sessions revoked at each change, the link that lets the
 * volunteer set a password. Firestore's side (the audit entry, the
 * invitation e-mail) is in ./staff-accounts.ts.
 */

const auth = () => getAuth(getAdminApp());

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * The uid an invitation gives the account it creates for `email`:
 * 'invito-' and the base64url SHA-256 of the address in lower case.
 * Firebase's public sign-up cannot choose a uid, so an account with this
 * uid was made by an invitation; and two invitations of one address at once
 * make one account (the second finds the uid taken).
 */
export function invitationUid(email: string): string {
  return `invito-${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;
}

/** Where `user` stands (StaffAccountState): verified, made by an invitation and waiting, or neither. */
export function accountState(user: UserRecord): StaffAccountState {
  if (user.emailVerified) return 'active';
  return user.email && user.uid === invitationUid(user.email) ? 'invited' : 'unverified';
}

/** The account with `email`, or null when there is none. */
export async function findAccount(email: string): Promise<UserRecord | null> {
  try {
    return await auth().getUserByEmail(email);
  } catch (error) {
    if (errorCode(error) === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * The account an invitation of `email` is for: the one with that e-mail,
 * else one made now (uid {@link invitationUid}, no password, e-mail not
 * verified, so nobody can sign in until the volunteer sets a password
 * through the invitation's link). `created` is true for the request that
 * made it, false for any other, a simultaneous one included.
 */
export async function findOrCreateInvitedAccount(email: string): Promise<{ user: UserRecord; created: boolean }> {
  const existing = await findAccount(email);
  if (existing) return { user: existing, created: false };
  try {
    return { user: await auth().createUser({ uid: invitationUid(email), email, emailVerified: false }), created: true };
  } catch (error) {
    const code = errorCode(error);
    if (code !== 'auth/uid-already-exists' && code !== 'auth/email-already-exists') throw error;
    // Another invitation of the same address made it a moment ago.
    return { user: await auth().getUserByEmail(email), created: false };
  }
}

/** The custom claims `user` gets for `staff`: its other claims kept, the role's replaced (and `admin: true`, the single role before roles by branch, dropped). */
function claimsFor(user: UserRecord, staff: Staff | null): Record<string, unknown> {
  const { role: _role, branches: _branches, admin: _legacyAdmin, ...others } = user.customClaims ?? {};
  return staff ? { ...others, ...claimsOf(staff) } : others;
}

const sameClaims = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  JSON.stringify(Object.entries(a).sort(([x], [y]) => x.localeCompare(y))) ===
  JSON.stringify(Object.entries(b).sort(([x], [y]) => x.localeCompare(y)));

/** What {@link setStaffClaims} did. */
export interface ClaimsChange {
  /** The role the claims gave before. */
  before: Staff | null;
  /** Whether the claims changed (and the sessions were revoked). */
  changed: boolean;
  /** Firebase's `tokensValidAfterTime` after the revocation, in seconds (Unix time): ID tokens of earlier sign-ins are revoked; 0 when nothing changed. */
  validSince: number;
}

/**
 * Gives `user` the role `staff` (its custom claims `role` and `branches`,
 * src/domain/staff/staff-roles.ts), or takes any role away when `staff` is null.
 * When the claims change it revokes the account's refresh tokens, so the
 * functions (which verify tokens with `checkRevoked`) refuse its current
 * ID tokens at once and the volunteer signs in again to get the new role.
 */
export async function setStaffClaims(user: UserRecord, staff: Staff | null): Promise<ClaimsChange> {
  const current = user.customClaims ?? {};
  const next = claimsFor(user, staff);
  const before = staffOf(current);
  if (sameClaims(current, next)) return { before, changed: false, validSince: 0 };
  await auth().setCustomUserClaims(user.uid, next);
  await auth().revokeRefreshTokens(user.uid);
  const { tokensValidAfterTime } = await auth().getUser(user.uid);
  const validSince = tokensValidAfterTime ? Math.floor(Date.parse(tokensValidAfterTime) / 1000) : Math.floor(Date.now() / 1000);
  return { before, changed: true, validSince };
}

/** Puts back the custom claims `user` had when it was read, after a change that could not be recorded (its sessions stay revoked). */
export async function restoreClaims(user: UserRecord): Promise<void> {
  await auth().setCustomUserClaims(user.uid, user.customClaims ?? null);
}

/**
 * The link of an invitation: our page /admin/imposta-password on `siteUrl`
 * with the codes of two links Firebase makes for `email`, a password
 * reset (`oobCode`) and an e-mail verification (`verifyCode`). The page
 * sets the password with the first, which also marks the e-mail verified;
 * it applies the second only if the account is still unverified after it.
 * Without `siteUrl` (`npm run admin -- invite` before the site is up):
 * Firebase's own password-reset link, whose page on the project's
 * firebaseapp.com domain sets the password the same way. Firebase limits
 * the codes' life (the password one: an hour) and each is used once.
 * @throws FirebaseAuthError when the account does not exist.
 */
export async function invitationLink(email: string, siteUrl: string | null): Promise<string> {
  if (!siteUrl) return auth().generatePasswordResetLink(email);
  const codeOf = (link: string) => new URL(link).searchParams.get('oobCode') ?? '';
  const [reset, verify] = await Promise.all([auth().generatePasswordResetLink(email), auth().generateEmailVerificationLink(email)]);
  const link = new URL(paths.adminSetPassword, siteUrl);
  link.searchParams.set('oobCode', codeOf(reset));
  link.searchParams.set('verifyCode', codeOf(verify));
  return link.toString();
}

/**
 * Marks the e-mail of the account with `email` verified, as a developer
 * vouching for its owner (`npm run admin -- verify`, the demo accounts of
 * the local stack). Returns the account as it was before.
 * @throws FirebaseAuthError `auth/user-not-found` when no account has the e-mail.
 */
export async function markEmailVerified(email: string): Promise<UserRecord> {
  const user = await auth().getUserByEmail(email);
  if (!user.emailVerified) await auth().updateUser(user.uid, { emailVerified: true });
  return user;
}

/**
 * Gives the account with `email` the role `staff` (null: none) straight in
 * Firebase, nothing recorded: for the demo volunteers of the local stack
 * and the benchmark. Returns the account's uid and the role before.
 * @throws FirebaseAuthError `auth/user-not-found` when no account has the e-mail.
 */
export async function setStaffRole(email: string, staff: Staff | null): Promise<{ uid: string; before: Staff | null }> {
  const user = await auth().getUserByEmail(email);
  const { before } = await setStaffClaims(user, staff);
  return { uid: user.uid, before };
}

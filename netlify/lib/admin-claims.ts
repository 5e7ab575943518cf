import { getAuth } from 'firebase-admin/auth';
import { getAdminApp } from './firestore';

/**
 * Grants or revokes the custom claim `admin: true` (docs/security.md,
 * "Admins") on the account with `email`, keeping its other claims. The
 * change reaches the browser with the account's next ID token (at the next
 * sign-in, or within an hour).
 * @throws FirebaseAuthError `auth/user-not-found` when no account has the e-mail.
 */
export async function setAdminClaim(email: string, admin: boolean): Promise<{ uid: string }> {
  const auth = getAuth(getAdminApp());
  const user = await auth.getUserByEmail(email);
  const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
  if (admin) claims.admin = true;
  else delete claims.admin;
  await auth.setCustomUserClaims(user.uid, claims);
  return { uid: user.uid };
}

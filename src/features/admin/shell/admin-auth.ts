import {
  applyActionCode,
  confirmPasswordReset,
  onIdTokenChanged,
  signInWithEmailAndPassword,
  signOut,
  verifyPasswordResetCode,
  type User,
} from 'firebase/auth';
import { staffOf, type Staff } from '@domain/staff/staff-roles';
import { getFirebase } from '@/lib/firebase';

/**
 * The admin screens' Firebase Auth calls, in a module of their own so the
 * login form paints before Firebase (about 50 kB) has loaded: the screens
 * import it with `import()` (docs/security.md, "Admins").
 */

/**
 * What {@link watchAdminAuth} reports: nobody signed in, or a user, the
 * role its ID token's claims give (null: none) and whether the token says
 * its e-mail is verified (a role counts only then: docs/security.md, "Roles").
 */
export interface AdminAuthChange {
  user: User | null;
  staff: Staff | null;
  emailVerified: boolean;
}

/**
 * Calls `onChange` with the signed-in user and its role (src/domain/staff/staff-roles.ts), now and at
 * every sign-in, sign-out and token refresh. A token that cannot be read
 * counts as no role (logged). Returns the unsubscribe function.
 * @throws ServiceNotConfiguredError when the build has no Firebase settings.
 */
export function watchAdminAuth(onChange: (change: AdminAuthChange) => void): () => void {
  return onIdTokenChanged(getFirebase().auth, (user) => {
    if (!user) {
      onChange({ user: null, staff: null, emailVerified: false });
      return;
    }
    user
      .getIdTokenResult()
      .then((token) => onChange({ user, staff: staffOf(token.claims), emailVerified: token.claims.email_verified === true }))
      .catch((error: unknown) => {
        console.error('Lettura dei permessi non riuscita:', error);
        onChange({ user, staff: null, emailVerified: false });
      });
  });
}

/**
 * Signs in with e-mail (trimmed) and password.
 * @throws FirebaseError for wrong credentials, a disabled account or no network.
 */
export async function signInAdmin(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(getFirebase().auth, email.trim(), password);
}

/** Signs the current user out ('Esci'). */
export async function signOutAdmin(): Promise<void> {
  await signOut(getFirebase().auth);
}

/**
 * The e-mail of the account an invitation's link is for
 * (/admin/imposta-password; `oobCode`, the password-reset code of
 * invitationLink, netlify/lib/staff/admin-claims.ts), checked with Firebase
 * without using the code.
 * @throws FirebaseError `auth/expired-action-code`, `auth/invalid-action-code` (used, or not a code), `auth/user-disabled`, …
 */
export async function readInvitation(resetCode: string): Promise<string> {
  return verifyPasswordResetCode(getFirebase().auth, resetCode);
}

/**
 * Accepts an invitation: sets `password` with the reset code (Firebase then
 * marks the e-mail verified), signs in, and applies the verification code
 * too if the account is still unverified, so the role counts either way;
 * the ID token is refreshed so the admin gate sees `email_verified`.
 * @throws FirebaseError `auth/weak-password`, `auth/expired-action-code`, `auth/invalid-action-code`, …
 */
export async function completeInvitation(input: { email: string; resetCode: string; verifyCode: string; password: string }): Promise<void> {
  const { auth } = getFirebase();
  await confirmPasswordReset(auth, input.resetCode, input.password);
  const { user } = await signInWithEmailAndPassword(auth, input.email, input.password);
  if (!user.emailVerified && input.verifyCode) {
    await applyActionCode(auth, input.verifyCode);
    await user.reload();
  }
  await user.getIdToken(true);
}

import { onIdTokenChanged, signInWithEmailAndPassword, signOut, type User } from 'firebase/auth';
import { staffOf, type Staff } from '@/domain/staff-roles';
import { getFirebase } from '@/lib/firebase';

/**
 * The admin screens' Firebase Auth calls, in a module of their own so the
 * login form paints before Firebase (about 50 kB) has loaded: the screens
 * import it with `import()` (docs/security.md, "Admins").
 */

/** What {@link watchAdminAuth} reports: nobody signed in, or a user and the role its ID token's claims give (null: none). */
export interface AdminAuthChange {
  user: User | null;
  staff: Staff | null;
}

/**
 * Calls `onChange` with the signed-in user and its role (src/domain/staff-roles.ts), now and at
 * every sign-in, sign-out and token refresh. A token that cannot be read
 * counts as no role (logged). Returns the unsubscribe function.
 * @throws ServiceNotConfiguredError when the build has no Firebase settings.
 */
export function watchAdminAuth(onChange: (change: AdminAuthChange) => void): () => void {
  return onIdTokenChanged(getFirebase().auth, (user) => {
    if (!user) {
      onChange({ user: null, staff: null });
      return;
    }
    user
      .getIdTokenResult()
      .then((token) => onChange({ user, staff: staffOf(token.claims) }))
      .catch((error: unknown) => {
        console.error('Lettura dei permessi non riuscita:', error);
        onChange({ user, staff: null });
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

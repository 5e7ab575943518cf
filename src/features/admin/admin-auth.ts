import { onIdTokenChanged, signInWithEmailAndPassword, signOut, type User } from 'firebase/auth';
import { getFirebase } from '@/lib/firebase';

/**
 * The admin screens' Firebase Auth calls, in a module of their own so the
 * login form paints before Firebase (about 50 kB) has loaded: the screens
 * import it with `import()` (docs/security.md, "Admins").
 */

/** What {@link watchAdminAuth} reports: nobody signed in, or a user and whether their ID token carries `admin: true`. */
export interface AdminAuthChange {
  user: User | null;
  isAdmin: boolean;
}

/**
 * Calls `onChange` with the signed-in user and the admin claim, now and at
 * every sign-in, sign-out and token refresh. A token that cannot be read
 * counts as not admin (logged). Returns the unsubscribe function.
 * @throws ServiceNotConfiguredError when the build has no Firebase settings.
 */
export function watchAdminAuth(onChange: (change: AdminAuthChange) => void): () => void {
  return onIdTokenChanged(getFirebase().auth, (user) => {
    if (!user) {
      onChange({ user: null, isAdmin: false });
      return;
    }
    user
      .getIdTokenResult()
      .then((token) => onChange({ user, isAdmin: token.claims.admin === true }))
      .catch((error: unknown) => {
        console.error('Lettura dei permessi non riuscita:', error);
        onChange({ user, isAdmin: false });
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

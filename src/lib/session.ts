import { onAuthStateChanged, signInAnonymously, type User } from 'firebase/auth';
import { getFirebase } from './firebase';

let pending: Promise<User> | null = null;

/**
 * Resolves with the signed-in user, signing the visitor in anonymously when
 * nobody is (SPEC.md section 6: visitors get an anonymous session). Database
 * reads and writes await it, so the security rules always see a user.
 * Concurrent calls share one sign-in.
 * @throws FirebaseError when the identity provider cannot be reached.
 */
export function ensureSession(): Promise<User> {
  pending ??= (async () => {
    const { auth } = getFirebase();
    await auth.authStateReady();
    if (auth.currentUser) return auth.currentUser;
    const credential = await signInAnonymously(auth);
    return credential.user;
  })().finally(() => {
    pending = null;
  });
  return pending;
}

/**
 * Keeps a visitor signed in: whenever nobody is signed in (first visit, after
 * an admin logs out) an anonymous session starts (SPEC.md sections 4 and 6).
 * Returns the unsubscribe function. Does nothing when Firebase is not configured.
 */
export function keepVisitorSignedIn(): () => void {
  let auth;
  try {
    auth = getFirebase().auth;
  } catch {
    return () => {};
  }
  return onAuthStateChanged(auth, (user) => {
    if (!user) {
      ensureSession().catch((error: unknown) => console.error('Accesso anonimo non riuscito:', error));
    }
  });
}

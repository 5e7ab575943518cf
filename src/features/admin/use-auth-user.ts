import { onIdTokenChanged, type User } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { getFirebase } from '@/lib/firebase';

/**
 * The auth state as the admin screens see it: loading, nobody signed in, or
 * a user with whether their ID token carries the custom claim `admin: true`
 * (docs/security.md, "Admins").
 */
export type AuthState = { status: 'loading' } | { status: 'ready'; user: User | null; isAdmin: boolean };

/**
 * Subscribes to the signed-in user and reads the admin claim from its ID
 * token. 'loading' until the first answer (a Caricamento text shows
 * meanwhile).
 */
export function useAuthUser(): AuthState {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  useEffect(
    () =>
      onIdTokenChanged(getFirebase().auth, (user) => {
        if (!user) {
          setState({ status: 'ready', user: null, isAdmin: false });
          return;
        }
        user
          .getIdTokenResult()
          .then((token) => setState({ status: 'ready', user, isAdmin: token.claims.admin === true }))
          .catch((error: unknown) => {
            console.error('Lettura dei permessi non riuscita:', error);
            setState({ status: 'ready', user, isAdmin: false });
          });
      }),
    [],
  );
  return state;
}

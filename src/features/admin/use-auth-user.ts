import { onAuthStateChanged, type User } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { getFirebase } from '../../lib/firebase';

/** The auth state as the admin screens see it. */
export type AuthState = { status: 'loading' } | { status: 'ready'; user: User | null };

/**
 * Subscribes to the identity provider's current user. 'loading' until the
 * first answer (SPEC.md section 2: a Loading/Caricamento text shows meanwhile).
 */
export function useAuthUser(): AuthState {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  useEffect(() => onAuthStateChanged(getFirebase().auth, (user) => setState({ status: 'ready', user })), []);
  return state;
}

/** An admin is a signed-in user who is not anonymous (SPEC.md section 4, "Admin session"). */
export function isAdmin(user: User | null): user is User {
  return user !== null && !user.isAnonymous;
}

import type { User } from 'firebase/auth';
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { Staff } from '@domain/staff/staff-roles';
import { subscribeToNothing } from '@/components/layout/subscribe-to-nothing';

/**
 * The auth state as the admin screens see it: loading, nobody signed in, or
 * a user with the role its ID token's custom claims give, null for none,
 * and whether the token says its e-mail is verified (docs/security.md, "Roles").
 */
export type AuthState = { status: 'loading' } | { status: 'ready'; user: User | null; staff: Staff | null; emailVerified: boolean };

/** Where Firebase Auth's local persistence keeps a signed-in user: `firebase:authUser:<api key>:<app name>` in localStorage. */
const STORED_USER_PREFIX = 'firebase:authUser:';

/**
 * True when this browser may hold a signed-in Firebase user. False means
 * nobody is signed in here, so the login form can show before Firebase has
 * loaded. Should Firebase rename its key, a signed-in admin sees the form
 * for a moment and then the desk: never the desk without a user.
 */
function mayHaveStoredUser(): boolean {
  try {
    return Object.keys(localStorage).some((key) => key.startsWith(STORED_USER_PREFIX));
  } catch {
    return true;
  }
}

/**
 * What shows the admin reaching for the login form: Firebase Auth loads then, when nobody is signed in here. A form
 * sent before the app ran is sent again without a focus or a press (src/lib/early-input.ts): its `submit` counts too.
 */
const REACHING = ['focusin', 'pointerdown', 'keydown', 'submit'] as const;

/**
 * Subscribes to the signed-in user and reads its role from its ID token,
 * loading Firebase Auth (admin-auth.ts): at mount where a user may be stored
 * in this browser ('loading' until it answers, a Caricamento text shows),
 * else when the admin first reaches for the page (a focus, a press, a key, a submit)
 * while the login form shows at once ('ready' with nobody): Firebase's code
 * is a long task on a phone that a first paint need not wait behind
 * (docs/architecture.md, "First load"). The build prerenders the login
 * (src/prerender.tsx): hydrating it, the first render draws the login too,
 * then at once 'loading' where a user is stored.
 * @throws (to the route's error boundary, at render) the error of loading Firebase Auth.
 */
export function useAuthUser(): AuthState {
  const userMayBeStored = useSyncExternalStore(subscribeToNothing, mayHaveStoredUser, () => false);
  const [answer, setAnswer] = useState<AuthState | null>(null);
  // A layout effect: listening from the commit that makes the form live, before the layout sends again a form held
  // before the app ran (takeOverEarlyInput, a task later) and before any press can reach the form's own handler.
  useLayoutEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let active = true;
    const stopListening = () => REACHING.forEach((type) => document.removeEventListener(type, watch, true));
    const watch = () => {
      stopListening();
      import('./admin-auth')
        .then(({ watchAdminAuth }) => {
          if (active) unsubscribe = watchAdminAuth((change) => setAnswer({ status: 'ready', ...change }));
        })
        // Firebase could not load (offline, a new deploy): the route's error page offers a reload, never an endless 'Caricamento'.
        .catch((error: unknown) =>
          setAnswer(() => {
            throw error;
          }),
        );
    };
    if (userMayBeStored) watch();
    else REACHING.forEach((type) => document.addEventListener(type, watch, true));
    return () => {
      active = false;
      stopListening();
      unsubscribe?.();
    };
  }, [userMayBeStored]);
  return answer ?? (userMayBeStored ? { status: 'loading' } : { status: 'ready', user: null, staff: null, emailVerified: false });
}

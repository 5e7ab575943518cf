import { failed, passed, reasonOf, skipped, type LaunchCheck, type LaunchSettings } from '../types';

/** Firebase Auth's password sign-in: the emulator's when the site runs on it, else Google's with the web API key. */
function signInUrl(env: LaunchSettings['env']): string {
  const emulator = env.VITE_FIREBASE_AUTH_EMULATOR_URL?.replace(/\/+$/, '');
  const base = emulator ? `${emulator}/identitytoolkit.googleapis.com` : 'https://identitytoolkit.googleapis.com';
  return `${base}/v1/accounts:signInWithPassword?key=${encodeURIComponent(env.VITE_FIREBASE_API_KEY ?? '')}`;
}

/**
 * The first admin signs in (Firebase Auth) and an admin function answers
 * them ('Utenti': admin-users, list), which reads Firestore: a failure
 * names Auth or Firestore.
 */
export const adminSignInCheck: LaunchCheck = {
  name: 'Accesso del primo amministratore (Firebase Auth, Firestore)',
  run: async ({ siteUrl, env, admin }) => {
    if (!admin) return skipped('nessuna credenziale: --admin EMAIL e LAUNCH_ADMIN_PASSWORD');
    let token: string | undefined;
    try {
      const response = await fetch(signInUrl(env), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: admin.email, password: admin.password, returnSecureToken: true }),
      });
      const body = (await response.json()) as { idToken?: string; error?: { message?: string } };
      if (!body.idToken) {
        return failed(
          `Firebase Auth rifiuta ${admin.email} (${body.error?.message ?? response.status})`,
          "Scegli la password dal link d'invito (nuovo link: npm run admin -- invite EMAIL --role admin).",
        );
      }
      token = body.idToken;
    } catch (error) {
      return failed(
        `Firebase Auth non risponde (${reasonOf(error)})`,
        'Controlla VITE_FIREBASE_API_KEY (npm run setup) o, in locale, che npm run dev sia avviato.',
      );
    }
    const response = await fetch(`${siteUrl}/.netlify/functions/admin-users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ action: 'list' }),
    }).catch(() => null);
    if (!response) return failed('admin-users non risponde', 'Controlla il deploy delle funzioni.');
    if (response.status === 403)
      return failed(`${admin.email} entra ma non è amministratore`, `npm run admin -- invite ${admin.email} --role admin`);
    if (!response.ok)
      return failed(
        `Firestore: admin-users risponde ${response.status}`,
        'Le funzioni non leggono Firestore: controlla FIREBASE_* (npm run check:env) e il log della funzione su Netlify.',
      );
    const { accounts } = (await response.json()) as { accounts?: unknown[] };
    return passed(`${admin.email} entra; 'Utenti' elenca ${accounts?.length ?? 0} account`);
  },
};

import { googleRequest } from '../google-api';
import { SetupError, type SetupStep } from '../types';

const IDENTITY_API = 'https://identitytoolkit.googleapis.com/admin/v2';

interface AuthConfig {
  signIn?: { email?: { enabled?: boolean; passwordRequired?: boolean } };
  client?: { permissions?: { disabledUserSignup?: boolean } };
}

/**
 * Sign-in by e-mail and password on, self-registration off (docs/deploy.md,
 * "Sign-in by e-mail"; docs/security.md, "Roles"), through Identity
 * Toolkit's admin config, patched only when it differs. The emulator
 * accepts any sign-in: skipped there.
 */
export const firebaseAuthStep: SetupStep = {
  title: 'Accesso con e-mail e password, registrazione libera spenta',
  plan: ({ firebase }) =>
    firebase.kind === 'emulator'
      ? ["nessuna chiamata: l'emulatore Auth accetta ogni accesso"]
      : [`GET ${IDENTITY_API}/projects/${firebase.projectId}/config`, 'PATCH della stessa config se diversa'],
  apply: async ({ firebase }) => {
    if (firebase.kind === 'emulator') return { status: 'saltato', detail: "l'emulatore Auth non ha questa impostazione" };
    const page = `https://console.firebase.google.com/project/${firebase.projectId}/authentication/providers`;
    const url = `${IDENTITY_API}/projects/${firebase.projectId}/config`;
    const current = await googleRequest<AuthConfig>(firebase, 'GET', url, undefined, page);
    if (current.status === 404) {
      throw new SetupError(
        'Authentication non è ancora attivo sul progetto: apri la pagina, premi "Inizia" e rilancia npm run setup.',
        page,
      );
    }
    const email = current.body.signIn?.email;
    const right =
      email?.enabled === true && email.passwordRequired === true && current.body.client?.permissions?.disabledUserSignup === true;
    if (right) return { status: 'già a posto', detail: 'e-mail e password attivi, registrazione spenta' };
    await googleRequest(
      firebase,
      'PATCH',
      `${url}?updateMask=signIn.email.enabled,signIn.email.passwordRequired,client.permissions.disabledUserSignup`,
      { signIn: { email: { enabled: true, passwordRequired: true } }, client: { permissions: { disabledUserSignup: true } } },
      page,
    );
    return { status: 'aggiornato', detail: 'e-mail e password attivi, registrazione spenta' };
  },
};

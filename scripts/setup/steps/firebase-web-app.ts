import { googleRequest } from '../google-api';
import { SetupError, type FirebaseTarget, type SetupContext, type SetupStep } from '../types';

const MANAGEMENT_API = 'https://firebase.googleapis.com/v1beta1';

interface WebAppConfig {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  appId: string;
}

type ProjectTarget = Extract<FirebaseTarget, { kind: 'project' }>;

/** Waits for a Firebase Management operation (the web app's creation, seconds); its `response`. */
async function finished(target: ProjectTarget, operation: string, page: string): Promise<{ appId?: string }> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const answer = await googleRequest<{ done?: boolean; response?: { appId?: string }; error?: { message?: string } }>(
      target,
      'GET',
      `${MANAGEMENT_API}/${operation}`,
      undefined,
      page,
    );
    if (answer.body.done) {
      if (answer.body.error) throw new SetupError(`Firebase non ha creato l'app web: ${answer.body.error.message ?? ''}`, page);
      return answer.body.response ?? {};
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new SetupError("Firebase non ha finito di creare l'app web in 30 secondi: rilancia npm run setup tra poco.", page);
}

/** The project's first web app (made, named after the group, when there is none) and whether this run made it. */
async function webApp(target: ProjectTarget, displayName: string, page: string): Promise<{ appId: string; created: boolean }> {
  const apps = await googleRequest<{ apps?: Array<{ appId: string; state?: string }> }>(
    target,
    'GET',
    `${MANAGEMENT_API}/projects/${target.projectId}/webApps`,
    undefined,
    page,
  );
  const active = (apps.body.apps ?? []).find((app) => app.state !== 'DELETED');
  if (active) return { appId: active.appId, created: false };
  const operation = await googleRequest<{ name: string }>(
    target,
    'POST',
    `${MANAGEMENT_API}/projects/${target.projectId}/webApps`,
    { displayName },
    page,
  );
  const { appId } = await finished(target, operation.body.name, page);
  if (!appId) throw new SetupError("Firebase non ha restituito l'app web creata.", page);
  return { appId, created: true };
}

/** The browser's Firebase values (VITE_FIREBASE_*) into the context; whether they differ from `.env`. */
function keep(context: SetupContext, config: WebAppConfig): boolean {
  const values = {
    VITE_FIREBASE_API_KEY: config.apiKey,
    VITE_FIREBASE_AUTH_DOMAIN: config.authDomain ?? `${config.projectId}.firebaseapp.com`,
    VITE_FIREBASE_PROJECT_ID: config.projectId,
    VITE_FIREBASE_APP_ID: config.appId,
  };
  Object.assign(context.values, values);
  return Object.entries(values).some(([key, value]) => context.existingEnv[key] !== value);
}

/**
 * The admin screens' Firebase web config (docs/deploy.md, "The admin
 * screens' web config"): the project's web app through the Firebase
 * Management API (made when there is none), its config into VITE_FIREBASE_*.
 * On the emulator the local stack's demo key.
 */
export const firebaseWebAppStep: SetupStep = {
  title: "Configurazione web di Firebase per l'area admin",
  plan: ({ firebase }) =>
    firebase.kind === 'emulator'
      ? ['nessuna chiamata: sullo stack locale la configurazione è quella demo']
      : [
          `GET ${MANAGEMENT_API}/projects/${firebase.projectId}/webApps`,
          `se non ce n'è una: POST ${MANAGEMENT_API}/projects/${firebase.projectId}/webApps e attendo l'operazione`,
          `GET ${MANAGEMENT_API}/projects/${firebase.projectId}/webApps/{appId}/config`,
        ],
  apply: async (context) => {
    const target = context.firebase;
    if (target.kind === 'emulator') {
      const changed = keep(context, { apiKey: 'demo-api-key', authDomain: '', projectId: target.projectId, appId: '' });
      return { status: changed ? 'aggiornato' : 'già a posto', detail: `progetto demo ${target.projectId}` };
    }
    const page = `https://console.firebase.google.com/project/${target.projectId}/settings/general`;
    const app = await webApp(target, 'Portale del gruppo', page);
    const config = await googleRequest<WebAppConfig>(
      target,
      'GET',
      `${MANAGEMENT_API}/projects/${target.projectId}/webApps/${app.appId}/config`,
      undefined,
      page,
    );
    const changed = keep(context, config.body);
    return {
      status: app.created ? 'creato' : changed ? 'aggiornato' : 'già a posto',
      detail: `app web ${app.appId}`,
    };
  },
};

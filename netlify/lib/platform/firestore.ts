import { cert, getApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { serviceConfig } from './server-env';

/**
 * The one firebase-admin app of the server side (Netlify functions, the seed,
 * `npm run admin`). See docs/security.md.
 *
 * - With FIRESTORE_EMULATOR_HOST (and FIREBASE_AUTH_EMULATOR_HOST) set, it
 *   talks to the local emulators with no credential; the project id is
 *   FIREBASE_PROJECT_ID, else GCLOUD_PROJECT, else 'demo-scout-portal'.
 * - Otherwise it signs in with the service account of FIREBASE_PROJECT_ID,
 *   FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY (the key's `\n` escapes
 *   are turned back into new lines, as Netlify's variables hold one line).
 *
 * Transport: gRPC, firebase-admin's default. `preferRest` would need Google
 * credentials even against the emulator, so it is not used.
 */

const APP_NAME = 'scout-portal-server';

/**
 * The firebase-admin app, created on first call, from
 * `serviceConfig('firebase')` (server-env.ts).
 * @throws ServiceNotConfiguredError('firebase', names) when neither an
 * emulator host nor a complete service account is set (503 through responseForError).
 */
export function getAdminApp(env: NodeJS.ProcessEnv = process.env): App {
  const settings = serviceConfig('firebase', env);
  // One app per project and mode, so a changed environment (tests) never reuses a stale one.
  const name = `${APP_NAME}:${settings.mode === 'emulators' ? 'emulators' : 'service-account'}:${settings.projectId}`;
  if (getApps().some((app) => app.name === name)) return getApp(name);
  if (settings.mode === 'emulators') {
    // No Google credentials locally: keep google-auth-library from probing the
    // cloud metadata server (a link-local address) for them.
    env.METADATA_SERVER_DETECTION ??= 'none';
    return initializeApp({ projectId: settings.projectId }, name);
  }
  const { projectId, clientEmail, privateKey } = settings;
  return initializeApp({ projectId, credential: cert({ projectId, clientEmail, privateKey }) }, name);
}

/**
 * The server's Firestore client (firebase-admin: bypasses security rules).
 * @throws ServiceNotConfiguredError when Firebase is not configured.
 */
export function getDb(): Firestore {
  return getFirestore(getAdminApp());
}

/** How many times {@link runTransaction} starts a transaction again after the emulator closed it under contention. */
const CLOSED_TRANSACTION_RETRIES = 3;

/** Google's Firestore emulator closes a transaction whose lock it timed out under contention, as INVALID_ARGUMENT (docs/local-stack.md, "The Firestore emulator"). */
function isClosedTransaction(error: unknown): boolean {
  const { code, details } = (error ?? {}) as { code?: unknown; details?: unknown };
  return code === 3 && typeof details === 'string' && details.includes('Transaction is invalid or closed');
}

/**
 * `db.runTransaction(update, { maxAttempts })`, started again (up to three
 * times, with a short pause) when the Firestore emulator closed it under
 * contention: firebase-admin retries Firestore's own ABORTED, not the
 * emulator's INVALID_ARGUMENT 'Transaction is invalid or closed'. A
 * transaction that fails so wrote nothing, so starting it again is safe.
 */
export async function runTransaction<T>(
  db: Firestore,
  update: (transaction: FirebaseFirestore.Transaction) => Promise<T>,
  options: { maxAttempts?: number } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.runTransaction(update, options);
    } catch (error) {
      if (!isClosedTransaction(error) || attempt >= CLOSED_TRANSACTION_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1) + Math.random() * 50));
    }
  }
}

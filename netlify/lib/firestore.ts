import { cert, getApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

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

/** Thrown when the server has neither emulator hosts nor a service account. */
export class FirebaseNotConfiguredError extends Error {
  constructor(readonly missing: string[]) {
    super(`Firebase is not configured: missing ${missing.join(', ')}`);
    this.name = 'FirebaseNotConfiguredError';
  }
}

/** True when the server side runs against the local emulators (either emulator host set). */
export function usesEmulators(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.FIRESTORE_EMULATOR_HOST?.trim() || env.FIREBASE_AUTH_EMULATOR_HOST?.trim());
}

/**
 * The firebase-admin app, created on first call.
 * @throws FirebaseNotConfiguredError naming the missing variables.
 */
export function getAdminApp(env: NodeJS.ProcessEnv = process.env): App {
  const emulated = usesEmulators(env);
  const projectId = env.FIREBASE_PROJECT_ID?.trim() || (emulated ? env.GCLOUD_PROJECT?.trim() || 'demo-scout-portal' : '');
  const clientEmail = env.FIREBASE_CLIENT_EMAIL?.trim();
  const privateKey = env.FIREBASE_PRIVATE_KEY?.replace(/\\n/g, '\n').trim();
  if (!emulated && (!projectId || !clientEmail || !privateKey)) {
    throw new FirebaseNotConfiguredError([
      ...(projectId ? [] : ['FIREBASE_PROJECT_ID']),
      ...(clientEmail ? [] : ['FIREBASE_CLIENT_EMAIL']),
      ...(privateKey ? [] : ['FIREBASE_PRIVATE_KEY']),
    ]);
  }
  // One app per project and mode, so a changed environment (tests) never reuses a stale one.
  const name = `${APP_NAME}:${emulated ? 'emulators' : 'service-account'}:${projectId}`;
  if (getApps().some((app) => app.name === name)) return getApp(name);
  if (emulated) {
    // No Google credentials locally: keep google-auth-library from probing the
    // cloud metadata server (a link-local address) for them.
    env.METADATA_SERVER_DETECTION ??= 'none';
    return initializeApp({ projectId }, name);
  }
  return initializeApp({ projectId, credential: cert({ projectId, clientEmail, privateKey }) }, name);
}

/**
 * The server's Firestore client (firebase-admin: bypasses security rules).
 * @throws FirebaseNotConfiguredError when Firebase is not configured.
 */
export function getDb(): Firestore {
  return getFirestore(getAdminApp());
}

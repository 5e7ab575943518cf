/**
 * Public, build-time configuration of the browser app. Only `VITE_`-prefixed
 * values reach the bundle; secrets live in the Netlify functions' environment.
 * Every variable is listed and explained in `.env.example`.
 */
const env = import.meta.env as Record<string, string | undefined>;
const read = (name: string): string | undefined => {
  const value = env[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/** Firebase web configuration, or null when the build has none (the app then says so). */
export interface FirebaseSettings {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  appId?: string;
  /** Where the Auth emulator listens, when the app runs on the local emulators. */
  authEmulatorUrl?: string;
  /** host:port of the Firestore emulator, when the app runs on the local emulators. */
  firestoreEmulatorHost?: string;
}

function readFirebaseSettings(): FirebaseSettings | null {
  const apiKey = read('VITE_FIREBASE_API_KEY');
  const projectId = read('VITE_FIREBASE_PROJECT_ID');
  if (!apiKey || !projectId) return null;
  return {
    apiKey,
    projectId,
    authDomain: read('VITE_FIREBASE_AUTH_DOMAIN'),
    appId: read('VITE_FIREBASE_APP_ID'),
    authEmulatorUrl: read('VITE_FIREBASE_AUTH_EMULATOR_URL'),
    firestoreEmulatorHost: read('VITE_FIRESTORE_EMULATOR_HOST'),
  };
}

/** The Firebase settings of this build (null = not configured). */
export const firebaseSettings: FirebaseSettings | null = readFirebaseSettings();

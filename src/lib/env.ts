import { z } from 'zod';

/**
 * Public, build-time configuration of the browser app. Only `VITE_`-prefixed
 * values reach the bundle; secrets live in the Netlify functions' environment.
 * Every variable is listed and explained in `.env.example`.
 */
const schema = z.object({
  VITE_FIREBASE_API_KEY: z.string().optional(),
  VITE_FIREBASE_AUTH_DOMAIN: z.string().optional(),
  VITE_FIREBASE_PROJECT_ID: z.string().optional(),
  VITE_FIREBASE_APP_ID: z.string().optional(),
  /** e.g. http://127.0.0.1:9099 — set by `npm run dev`. */
  VITE_FIREBASE_AUTH_EMULATOR_URL: z.string().optional(),
  /** e.g. 127.0.0.1:8080 — set by `npm run dev`. */
  VITE_FIRESTORE_EMULATOR_HOST: z.string().optional(),
});

const parsed = schema.parse(import.meta.env);
const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

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
  const apiKey = blankToUndefined(parsed.VITE_FIREBASE_API_KEY);
  const projectId = blankToUndefined(parsed.VITE_FIREBASE_PROJECT_ID);
  if (!apiKey || !projectId) return null;
  return {
    apiKey,
    projectId,
    authDomain: blankToUndefined(parsed.VITE_FIREBASE_AUTH_DOMAIN),
    appId: blankToUndefined(parsed.VITE_FIREBASE_APP_ID),
    authEmulatorUrl: blankToUndefined(parsed.VITE_FIREBASE_AUTH_EMULATOR_URL),
    firestoreEmulatorHost: blankToUndefined(parsed.VITE_FIRESTORE_EMULATOR_HOST),
  };
}

/** The Firebase settings of this build (null = not configured). */
export const firebaseSettings: FirebaseSettings | null = readFirebaseSettings();

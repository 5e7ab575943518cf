import { z } from 'zod';

/**
 * The browser app's configuration, read once from the build's public
 * `VITE_` variables (.env.example lists each). Every service is optional:
 * a missing one is `null` and its screen says it is not configured, the rest
 * of the portal works. Secrets never come here: they stay in the functions.
 */

const optional = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

const schema = z.object({
  VITE_FIREBASE_API_KEY: optional,
  VITE_FIREBASE_AUTH_DOMAIN: optional,
  VITE_FIREBASE_PROJECT_ID: optional,
  VITE_FIREBASE_APP_ID: optional,
  VITE_FIREBASE_AUTH_EMULATOR_URL: optional,
  VITE_FIRESTORE_EMULATOR_HOST: optional,
  VITE_STRIPE_PUBLISHABLE_KEY: optional,
  VITE_CLOUDINARY_UPLOAD_URL: optional.pipe(z.url().optional().catch(undefined)),
});

/** Firebase web configuration of the admin screens. */
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

/** The app's configuration: each service, or null when the build has none. */
export interface AppEnv {
  firebase: FirebaseSettings | null;
  /** Stripe's publishable key (pk_test_… / pk_live_…). */
  stripePublishableKey: string | null;
  /** The Cloudinary (or media emulator) upload endpoint. */
  cloudinaryUploadUrl: string | null;
}

/**
 * Reads the configuration from `source` (the build's `import.meta.env`).
 * Malformed values count as missing; nothing throws.
 */
export function readAppEnv(source: object): AppEnv {
  const env = schema.parse(source);
  const firebase =
    env.VITE_FIREBASE_API_KEY && env.VITE_FIREBASE_PROJECT_ID
      ? {
          apiKey: env.VITE_FIREBASE_API_KEY,
          projectId: env.VITE_FIREBASE_PROJECT_ID,
          authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
          appId: env.VITE_FIREBASE_APP_ID,
          authEmulatorUrl: env.VITE_FIREBASE_AUTH_EMULATOR_URL,
          firestoreEmulatorHost: env.VITE_FIRESTORE_EMULATOR_HOST,
        }
      : null;
  return {
    firebase,
    stripePublishableKey: env.VITE_STRIPE_PUBLISHABLE_KEY ?? null,
    cloudinaryUploadUrl: env.VITE_CLOUDINARY_UPLOAD_URL ?? null,
  };
}

/**
 * This build's configuration. Read at each call (a few fields, parsed in
 * microseconds), so tests can change the environment with `vi.stubEnv`.
 */
export function appEnv(): AppEnv {
  return readAppEnv(import.meta.env);
}

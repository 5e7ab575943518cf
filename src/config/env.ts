/**
 * The browser app's configuration, read once from the build's public
 * `VITE_` variables (.env.example lists each). Every service is optional:
 * a missing one is `null` and its screen says it is not configured, the rest
 * of the portal works. Secrets never come here: they stay in the functions.
 * Read with two small functions rather than a zod schema: the admin login's
 * route reads this, and zod (about 25 kB) there delayed its first paint
 * (docs/benchmarks.md, "First load and Lighthouse").
 */

/** The variable `name` of `source`, trimmed; `undefined` when missing, blank or not a string. */
function variable(source: object, name: string): string | undefined {
  const value: unknown = (source as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.trim() || undefined : undefined;
}

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
}

/**
 * Reads the configuration from `source` (the build's `import.meta.env`).
 * Malformed values count as missing; nothing throws.
 */
export function readAppEnv(source: object): AppEnv {
  const read = (name: string) => variable(source, name);
  const apiKey = read('VITE_FIREBASE_API_KEY');
  const projectId = read('VITE_FIREBASE_PROJECT_ID');
  const firebase =
    apiKey && projectId
      ? {
          apiKey,
          projectId,
          authDomain: read('VITE_FIREBASE_AUTH_DOMAIN'),
          appId: read('VITE_FIREBASE_APP_ID'),
          authEmulatorUrl: read('VITE_FIREBASE_AUTH_EMULATOR_URL'),
          firestoreEmulatorHost: read('VITE_FIRESTORE_EMULATOR_HOST'),
        }
      : null;
  return {
    firebase,
    stripePublishableKey: read('VITE_STRIPE_PUBLISHABLE_KEY') ?? null,
  };
}

/**
 * This build's configuration. Read at each call (a few fields, parsed in
 * microseconds), so tests can change the environment with `vi.stubEnv`.
 */
export function appEnv(): AppEnv {
  return readAppEnv(import.meta.env);
}

import type { OWNED_VARIABLES } from './env-file';

/**
 * How each variable setup owns is held on Netlify (docs/deploy.md, "npm
 * run setup"; docs/security.md, "Deploy secrets"), in the shape of
 * Netlify's environment-variables API (`createEnvVars`, `updateEnvVar`):
 *
 * - a credential is `is_secret` (Netlify's Secrets Controller: readable only
 *   by code running on Netlify, never again through the UI, API or CLI) and,
 *   as Netlify requires of a secret, has values for named contexts only
 *   (never `all` or `dev`);
 * - a production credential (SESSION_SECRET, SMTP, Cloudinary's key and
 *   secret, Firebase's service account, Stripe's webhook secret and live
 *   keys) has a value in the `production` context only: a deploy preview or
 *   branch deploy runs without it, and its functions answer 503;
 * - Stripe's test secret key goes to production and to previews alike (it
 *   moves no money); its live keys to production only;
 * - what is public (the `VITE_` values built into the pages, the project id,
 *   the cloud name, the sender, the site's address) is not secret, `all`.
 */

type OwnedVariable = (typeof OWNED_VARIABLES)[number];

/** A deploy context of Netlify's that a value can be set for. */
export type DeployContext = 'all' | 'production' | 'deploy-preview' | 'branch-deploy';

/** A variable as setup writes it (the body of Netlify's create and update calls). */
export interface NetlifyVariable {
  key: string;
  scopes: string[];
  is_secret: boolean;
  values: Array<{ context: DeployContext; value: string }>;
}

/** Where the production credentials go: nowhere else. */
const PRODUCTION: readonly DeployContext[] = ['production'];
/** Every deployed context by name, as a secret needs (Netlify refuses `all` for one). */
const DEPLOYED: readonly DeployContext[] = ['production', 'deploy-preview', 'branch-deploy'];
const ALL: readonly DeployContext[] = ['all'];

/** The credentials, held as secrets. */
export const SECRET_VARIABLES: ReadonlySet<OwnedVariable> = new Set<OwnedVariable>([
  'FIREBASE_PRIVATE_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'CLOUDINARY_API_KEY',
  'CLOUDINARY_API_SECRET',
  'SMTP_URL',
  'SESSION_SECRET',
]);

/** Variables a preview must not have whatever the mode: the credentials of the group's data, mail and sessions. */
const PRODUCTION_ONLY: ReadonlySet<string> = new Set([
  'FIREBASE_CLIENT_EMAIL',
  'FIREBASE_PRIVATE_KEY',
  // The endpoint it signs for is the production site's.
  'STRIPE_WEBHOOK_SECRET',
  'CLOUDINARY_API_KEY',
  'CLOUDINARY_API_SECRET',
  'SMTP_URL',
  'SESSION_SECRET',
]);

/** A live Stripe key (sk_live_, rk_live_, pk_live_): production only. */
const isLiveStripeKey = (value: string) => /^(?:sk|rk|pk)_live_/.test(value);

/** The contexts `key` (with `value`) is given in. */
export function contextsOf(key: string, value: string): readonly DeployContext[] {
  if (PRODUCTION_ONLY.has(key)) return PRODUCTION;
  if (key === 'STRIPE_SECRET_KEY' || key === 'VITE_STRIPE_PUBLISHABLE_KEY') {
    if (isLiveStripeKey(value)) return PRODUCTION;
    return key === 'STRIPE_SECRET_KEY' ? DEPLOYED : ALL;
  }
  return ALL;
}

/** Where a variable is read on Netlify: the browser's VITE_ values when the site builds, the rest by the functions. */
export const scopesOf = (key: string): string[] => (key.startsWith('VITE_') ? ['builds'] : ['functions']);

/** The variable `key` with `value` as setup sets it on Netlify. */
export function netlifyVariable(key: string, value: string): NetlifyVariable {
  return {
    key,
    scopes: scopesOf(key),
    is_secret: SECRET_VARIABLES.has(key as OwnedVariable),
    values: contextsOf(key, value).map((context) => ({ context, value })),
  };
}

/** A variable as Netlify lists it (a secret's values come back without a readable value). */
export interface ListedVariable {
  key: string;
  scopes?: string[];
  is_secret?: boolean;
  values?: Array<{ context: string; value?: string }>;
}

const sorted = (items: readonly string[]) => JSON.stringify([...items].sort());

/**
 * Whether `found` already holds `wanted`: the same secret flag, scopes and
 * contexts, and, for a variable that is not secret, the same value. A
 * secret's value cannot be read back, so it counts as held unless
 * `valueChanged` (setup settled another value than `.env` had).
 */
export function holds(found: ListedVariable, wanted: NetlifyVariable, valueChanged: boolean): boolean {
  const values = found.values ?? [];
  const sameShape =
    Boolean(found.is_secret) === wanted.is_secret &&
    sorted(found.scopes ?? []) === sorted(wanted.scopes) &&
    sorted(values.map((entry) => entry.context)) === sorted(wanted.values.map((entry) => entry.context));
  if (!sameShape) return false;
  if (wanted.is_secret) return !valueChanged;
  return values.every((entry) => entry.value === wanted.values[0]?.value);
}

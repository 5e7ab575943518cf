import { z } from 'zod';

/**
 * The server's environment, checked in one place (docs/deploy.md, "The
 * variables"; .env.example lists each). One zod schema, grouped by service:
 *
 * - `firebase`: the local emulators (FIRESTORE_EMULATOR_HOST or
 *   FIREBASE_AUTH_EMULATOR_HOST set, no credential; project
 *   FIREBASE_PROJECT_ID, else GCLOUD_PROJECT, else 'demo-scout-portal'), or a
 *   service account: FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and
 *   FIREBASE_PRIVATE_KEY (one line with `\n` escapes, turned back into new lines);
 * - `stripe`: STRIPE_SECRET_KEY (sk_… or a restricted rk_… key), and, for a
 *   launch, STRIPE_WEBHOOK_SECRET (whsec_…); STRIPE_MAX_AMOUNT_CENTS, an
 *   optional positive integer of euro cents;
 * - `cloudinary`: CLOUDINARY_CLOUD_NAME, CLOUDINARY_API_KEY,
 *   CLOUDINARY_API_SECRET, and, for a launch, CLOUDINARY_UPLOAD_PRESET;
 *   CLOUDINARY_API_URL optional (a URL: the media emulator's);
 * - `site`: SITE_URL, or Netlify's own `URL` (set by Netlify on every deploy);
 * - `mail`: SMTP_URL (smtp:// or smtps://, user and password in it), or
 *   SMTP_HOST with SMTP_PORT (default 587), SMTP_USER and SMTP_PASSWORD;
 *   MAIL_FROM, the sender ('Gruppo Scout <portale@dominio.it>');
 * - `session`: SESSION_SECRET, at least 32 characters, from which one key
 *   per use is derived (secret-keys.ts: the parents' session cookies, access
 *   codes and sign-in links, the fiscal-code budget's counters…);
 *   SESSION_SECRET_PREVIOUS, optional, the secret of before a rotation,
 *   whose session cookies are still accepted (docs/deploy.md, "Rotating
 *   SESSION_SECRET"). Outside the local emulators, and always when CONTEXT
 *   is 'production', a value published in this repository
 *   ({@link PUBLIC_SESSION_SECRETS}) is refused as invalid.
 *
 * Blank values count as missing. The functions read their service with
 * {@link serviceConfig}; `responseForError` (http.ts) turns its
 * {@link ServiceNotConfiguredError} into a 503 with the service's Italian
 * message and logs the variables' names, never their values. `health` and
 * `npm run check:env` report with {@link checkService}.
 */

/** The services the server needs. */
export const SERVICES = ['firebase', 'stripe', 'cloudinary', 'site', 'mail', 'session'] as const;
export type Service = (typeof SERVICES)[number];

/** The Italian message of the 503 a function answers when its service is not configured. */
export const SERVICE_MESSAGES: Record<Service, string> = {
  firebase: 'Il servizio non è configurato. Contatta il gruppo.',
  stripe: 'Il pagamento con carta non è configurato.',
  cloudinary: 'Il caricamento dei documenti non è configurato.',
  site: "L'indirizzo del sito non è configurato. Contatta il gruppo.",
  mail: "L'invio delle e-mail non è configurato. Contatta il gruppo.",
  session: "L'accesso delle famiglie non è configurato. Contatta il gruppo.",
};

/** Project id of the emulators when none is set. */
export const DEFAULT_EMULATOR_PROJECT_ID = 'demo-scout-portal';

/**
 * Thrown by {@link serviceConfig}: which variables of `service` are missing
 * or malformed (names only), and `reasons` a schema gave ('SESSION_SECRET:
 * the public demo value…', never a value).
 */
export class ServiceNotConfiguredError extends Error {
  constructor(
    readonly service: Service,
    readonly missing: readonly string[],
    readonly invalid: readonly string[] = [],
    readonly reasons: readonly string[] = [],
  ) {
    super(`${service} is not configured: ${describeProblems(missing, invalid, reasons)}`);
    this.name = 'ServiceNotConfiguredError';
  }
}

/** 'missing A, B; invalid C (C: why)' (names and reasons only). */
export function describeProblems(missing: readonly string[], invalid: readonly string[], reasons: readonly string[] = []): string {
  return [
    missing.length ? `missing ${missing.join(', ')}` : '',
    invalid.length ? `invalid ${invalid.join(', ')}${reasons.length ? ` (${reasons.join('; ')})` : ''}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** A trimmed value, blank treated as absent. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const required = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema);

const firebase = z
  .object({
    FIRESTORE_EMULATOR_HOST: optional(z.string()),
    FIREBASE_AUTH_EMULATOR_HOST: optional(z.string()),
    GCLOUD_PROJECT: optional(z.string()),
    FIREBASE_PROJECT_ID: optional(z.string()),
    FIREBASE_CLIENT_EMAIL: optional(z.email()),
    FIREBASE_PRIVATE_KEY: optional(
      z
        .string()
        .transform((key) => key.replace(/\\n/g, '\n').trim())
        .refine((key) => /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(key)),
    ),
  })
  .superRefine((env, context) => {
    if (env.FIRESTORE_EMULATOR_HOST || env.FIREBASE_AUTH_EMULATOR_HOST) return;
    for (const name of ['FIREBASE_PROJECT_ID', 'FIREBASE_CLIENT_EMAIL', 'FIREBASE_PRIVATE_KEY'] as const)
      if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'missing' });
    // Google's project ids: 6 to 30 lower-case letters, digits and hyphens (the emulators take any).
    if (env.FIREBASE_PROJECT_ID && !/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(env.FIREBASE_PROJECT_ID))
      context.addIssue({ code: 'custom', path: ['FIREBASE_PROJECT_ID'], message: 'invalid' });
  })
  .transform((env) =>
    env.FIRESTORE_EMULATOR_HOST || env.FIREBASE_AUTH_EMULATOR_HOST
      ? { mode: 'emulators' as const, projectId: env.FIREBASE_PROJECT_ID ?? env.GCLOUD_PROJECT ?? DEFAULT_EMULATOR_PROJECT_ID }
      : {
          mode: 'service-account' as const,
          projectId: env.FIREBASE_PROJECT_ID ?? '',
          clientEmail: env.FIREBASE_CLIENT_EMAIL ?? '',
          privateKey: env.FIREBASE_PRIVATE_KEY ?? '',
        },
  );

const stripe = z
  .object({
    STRIPE_SECRET_KEY: required(z.string().regex(/^(?:sk|rk)_(?:test|live)_\S+$/)),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\S+$/)),
    STRIPE_MAX_AMOUNT_CENTS: optional(z.coerce.number().int().positive()),
  })
  .transform((env) => ({
    secretKey: env.STRIPE_SECRET_KEY,
    /** null when not set: card payments work (record-payment), the webhook does not. */
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    /** Largest charge in euro cents; null for the default. */
    maxAmountCents: env.STRIPE_MAX_AMOUNT_CENTS ?? null,
  }));

const cloudinary = z
  .object({
    CLOUDINARY_CLOUD_NAME: required(z.string()),
    CLOUDINARY_API_KEY: required(z.string()),
    CLOUDINARY_API_SECRET: required(z.string()),
    CLOUDINARY_UPLOAD_PRESET: optional(z.string()),
    CLOUDINARY_API_URL: optional(z.url({ protocol: /^https?$/ })),
  })
  .transform((env) => ({
    cloudName: env.CLOUDINARY_CLOUD_NAME,
    apiKey: env.CLOUDINARY_API_KEY,
    apiSecret: env.CLOUDINARY_API_SECRET,
    /** '' when no preset is configured. */
    uploadPreset: env.CLOUDINARY_UPLOAD_PRESET ?? '',
    /** '' for Cloudinary's own API; no trailing slash. */
    apiUrl: (env.CLOUDINARY_API_URL ?? '').replace(/\/+$/, ''),
  }));

const site = z
  .object({
    SITE_URL: optional(z.url({ protocol: /^https?$/ })),
    URL: optional(z.url({ protocol: /^https?$/ })),
  })
  .superRefine((env, context) => {
    if (!env.SITE_URL && !env.URL) context.addIssue({ code: 'custom', path: ['SITE_URL'], message: 'missing' });
  })
  .transform((env) => ({ url: (env.SITE_URL ?? env.URL ?? '').replace(/\/+$/, '') }));

const mail = z
  .object({
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
    SMTP_HOST: optional(z.string()),
    SMTP_PORT: optional(z.coerce.number().int().positive().max(65535)),
    SMTP_USER: optional(z.string()),
    SMTP_PASSWORD: optional(z.string()),
    MAIL_FROM: required(z.string().regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/)),
  })
  .superRefine((env, context) => {
    if (!env.SMTP_URL && !env.SMTP_HOST) context.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'missing' });
  })
  .transform((env) => ({
    /** nodemailer's transport options: the URL as it is, or host, port and credentials. */
    transport: env.SMTP_URL
      ? env.SMTP_URL
      : {
          host: env.SMTP_HOST ?? '',
          port: env.SMTP_PORT ?? 587,
          secure: env.SMTP_PORT === 465,
          auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? '' } : undefined,
        },
    from: env.MAIL_FROM,
  }));

/**
 * Session secrets anyone can read in this repository: the local stack's
 * demo value (emulators/dev/stack-environment.ts, emulators/dev/netlify-dev.env)
 * and the help text of the 'Deploy to Netlify' form (netlify.toml).
 */
export const PUBLIC_SESSION_SECRETS: readonly string[] = [
  'demo-session-secret-local-stack-only-0123456789',
  'At least 32 random characters: openssl rand -base64 48',
];

/** Why a public secret is refused, as the function's log says it (never the value). */
export const PUBLIC_SECRET_REFUSAL = 'the public demo value, refused outside the local emulators and in production';

/** True when the public secrets are refused: CONTEXT 'production' (Netlify's), or any server not on the local emulators. */
const refusesPublicSecrets = (env: {
  CONTEXT?: string | undefined;
  FIRESTORE_EMULATOR_HOST?: string | undefined;
  FIREBASE_AUTH_EMULATOR_HOST?: string | undefined;
}) => env.CONTEXT?.trim() === 'production' || !(env.FIRESTORE_EMULATOR_HOST || env.FIREBASE_AUTH_EMULATOR_HOST);

const session = z
  .object({
    SESSION_SECRET: required(z.string().min(32)),
    SESSION_SECRET_PREVIOUS: optional(z.string().min(32)),
    CONTEXT: optional(z.string()),
    FIRESTORE_EMULATOR_HOST: optional(z.string()),
    FIREBASE_AUTH_EMULATOR_HOST: optional(z.string()),
  })
  .superRefine((env, context) => {
    if (!refusesPublicSecrets(env)) return;
    for (const name of ['SESSION_SECRET', 'SESSION_SECRET_PREVIOUS'] as const)
      if (env[name] && PUBLIC_SESSION_SECRETS.includes(env[name]))
        context.addIssue({ code: 'custom', path: [name], message: PUBLIC_SECRET_REFUSAL });
  })
  .transform((env) => ({ secret: env.SESSION_SECRET, previousSecret: env.SESSION_SECRET_PREVIOUS ?? null }));

/** The server's environment: one schema per service, each reading the flat environment. */
export const serverEnvSchema = { firebase, stripe, cloudinary, site, mail, session } as const;

/** What each service's settings look like once parsed. */
export type ServiceSettings = { [S in Service]: z.output<(typeof serverEnvSchema)[S]> };

/**
 * Variables a function can run without but a launch needs (reported by
 * `health` and `npm run check:env`, not refused by the functions): without
 * the webhook secret a payment is recorded only when the browser comes back;
 * without the preset uploads are signed without one.
 */
export const LAUNCH_VARIABLES: Record<Service, readonly string[]> = {
  firebase: [],
  stripe: ['STRIPE_WEBHOOK_SECRET'],
  cloudinary: ['CLOUDINARY_UPLOAD_PRESET'],
  site: [],
  mail: [],
  session: [],
};

/** The variables each service reads, for reports (the emulator hosts and URL aside). */
export const SERVICE_VARIABLES: Record<Service, readonly string[]> = {
  firebase: ['FIREBASE_PROJECT_ID', 'FIREBASE_CLIENT_EMAIL', 'FIREBASE_PRIVATE_KEY'],
  stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_MAX_AMOUNT_CENTS'],
  cloudinary: ['CLOUDINARY_CLOUD_NAME', 'CLOUDINARY_API_KEY', 'CLOUDINARY_API_SECRET', 'CLOUDINARY_UPLOAD_PRESET', 'CLOUDINARY_API_URL'],
  site: ['SITE_URL'],
  mail: ['SMTP_URL', 'SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASSWORD', 'MAIL_FROM'],
  session: ['SESSION_SECRET', 'SESSION_SECRET_PREVIOUS'],
};

type Env = Record<string, string | undefined>;

/** The names of `env` the issues point at, split into missing (blank) and malformed, and the reasons of the schema's own refusals. */
function problemsOf(issues: readonly z.core.$ZodIssue[], env: Env): { missing: string[]; invalid: string[]; reasons: string[] } {
  const names = [...new Set(issues.map((issue) => String(issue.path[0] ?? '')).filter(Boolean))];
  const reasons = issues
    .filter((issue) => issue.code === 'custom' && issue.message !== 'missing' && issue.message !== 'invalid')
    .map((issue) => `${String(issue.path[0] ?? '')}: ${issue.message}`);
  return {
    missing: names.filter((name) => !env[name]?.trim()),
    invalid: names.filter((name) => Boolean(env[name]?.trim())),
    reasons,
  };
}

/**
 * The parsed settings of `service` from `env` (the process environment by default).
 * @throws ServiceNotConfiguredError naming (never quoting) the variables
 * that are missing or malformed.
 */
export function serviceConfig<S extends Service>(service: S, env: Env = process.env): ServiceSettings[S] {
  const result = serverEnvSchema[service].safeParse(env);
  if (result.success) return result.data as ServiceSettings[S];
  const { missing, invalid, reasons } = problemsOf(result.error.issues, env);
  throw new ServiceNotConfiguredError(service, missing, invalid, reasons);
}

/** A service's state for a launch: ready, or which variables are missing or malformed. */
export interface ServiceCheck {
  configured: boolean;
  missing: string[];
  invalid: string[];
}

/**
 * Whether `service` is ready for a launch in `env`: its schema passes and
 * its {@link LAUNCH_VARIABLES} are set. Names only, never values.
 */
export function checkService(service: Service, env: Env = process.env): ServiceCheck {
  const result = serverEnvSchema[service].safeParse(env);
  const { missing, invalid }: { missing: string[]; invalid: string[] } = result.success
    ? { missing: [], invalid: [] }
    : problemsOf(result.error.issues, env);
  const emulated = service === 'firebase' && usesEmulators(env);
  const launchMissing = emulated ? [] : LAUNCH_VARIABLES[service].filter((name) => !env[name]?.trim() && !missing.includes(name));
  const allMissing = [...missing, ...launchMissing];
  return { configured: allMissing.length === 0 && invalid.length === 0, missing: allMissing, invalid };
}

/** True when the server side runs against the local emulators (either emulator host set). */
export function usesEmulators(env: Env = process.env): boolean {
  return Boolean(env.FIRESTORE_EMULATOR_HOST?.trim() || env.FIREBASE_AUTH_EMULATOR_HOST?.trim());
}

/**
 * An optional limit in the environment (a positive integer: the access and
 * mail budgets' variables, .env.example): an unset or malformed value reads
 * as `fallback`, so a typo never lifts a limit nor stops a function.
 */
export const optionalLimit = (fallback: number) => z.coerce.number().int().positive().catch(fallback).default(fallback);

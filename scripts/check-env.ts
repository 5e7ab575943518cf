/**
 * `npm run check:env [FILE]`: is this configuration ready for a launch?
 * (docs/deploy.md, "The variables").
 *
 * Reads FILE, else `.env` when it exists, else the process environment (a
 * file is read alone with node:util's parseEnv, nothing of the shell mixed
 * in), and prints per service of the server (netlify/lib/platform/server-env.ts: the
 * same zod schema the functions use) and per screen of the browser (the
 * public VITE_ values, read at build time) 'configured' or which variables
 * are missing or malformed. Names only, never a value.
 *
 * Local mode: with an emulator host set (FIRESTORE_EMULATOR_HOST or
 * FIREBASE_AUTH_EMULATOR_HOST), or with no Firebase service account and the
 * local stack's variables present (DATA_DIR, FIRESTORE_EMULATOR_PORT,
 * AUTH_EMULATOR_PORT: .env.example's), `npm run dev` supplies everything:
 * it says so and exits 0.
 *
 * Exit codes: 0 ready (or local mode), 1 something missing or malformed,
 * 2 FILE not found.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { checkService, SERVICES, usesEmulators, type Service } from '../netlify/lib/platform/server-env';

type Env = Record<string, string | undefined>;

/** What a malformed value should look like, for the report. */
const EXPECTED: Record<string, string> = {
  FIREBASE_PROJECT_ID: "the service account's project_id",
  FIREBASE_CLIENT_EMAIL: "the service account's client_email",
  FIREBASE_PRIVATE_KEY: "the service account's private_key, one line with \\n escapes",
  STRIPE_SECRET_KEY: 'sk_test_… or sk_live_…',
  STRIPE_WEBHOOK_SECRET: 'whsec_…',
  STRIPE_MAX_AMOUNT_CENTS: 'a whole number of euro cents',
  CLOUDINARY_API_URL: 'an http(s) URL, or empty',
  SITE_URL: 'https://your-site.netlify.app',
  SMTP_URL: 'smtp://user:password@smtp.example.com:587 or smtps://…:465',
  SMTP_PORT: 'a TCP port, e.g. 587',
  MAIL_FROM: 'Gruppo Scout <portale@your-domain.it>',
  SESSION_SECRET: 'at least 32 characters, not the public demo one: openssl rand -base64 48',
  SESSION_SECRET_PREVIOUS: 'empty, or the secret of before a rotation (at least 32 characters)',
  URL: 'https://your-site.netlify.app',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_… or pk_live_…',
};

const SERVICE_LABELS: Record<Service, string> = {
  firebase: 'Firebase (service account)',
  stripe: 'Stripe (secret key, webhook)',
  cloudinary: 'Cloudinary (signed uploads)',
  site: 'Site address',
  mail: 'E-mail (SMTP)',
  session: "Parents' sessions (secret)",
};

/** The browser's public values, per screen: each must be set and well formed. */
const text = z.string().trim().min(1);
const SCREENS: { label: string; fields: Record<string, z.ZodType> }[] = [
  {
    label: 'Admin screens (Firebase web app)',
    fields: { VITE_FIREBASE_API_KEY: text, VITE_FIREBASE_AUTH_DOMAIN: text, VITE_FIREBASE_PROJECT_ID: text, VITE_FIREBASE_APP_ID: text },
  },
  {
    label: 'Card payment (Stripe.js)',
    fields: {
      VITE_STRIPE_PUBLISHABLE_KEY: z
        .string()
        .trim()
        .regex(/^pk_(?:test|live)_\S+$/),
    },
  },
];

/** A report line's verdict: 'configured' or 'missing A, B; invalid C (expected …)'. */
function verdict(missing: readonly string[], invalid: readonly string[]): string {
  if (missing.length === 0 && invalid.length === 0) return 'configured';
  const bad = invalid.map((name) => (EXPECTED[name] ? `${name} (expected ${EXPECTED[name]})` : name));
  return [missing.length ? `missing ${missing.join(', ')}` : '', bad.length ? `invalid ${bad.join(', ')}` : ''].filter(Boolean).join('; ');
}

/** Missing and malformed VITE_ values of one screen. */
function checkScreen(fields: Record<string, z.ZodType>, env: Env): { missing: string[]; invalid: string[] } {
  const names = Object.keys(fields);
  const missing = names.filter((name) => !env[name]?.trim());
  const invalid = names.filter((name) => !missing.includes(name) && !fields[name]?.safeParse(env[name]).success);
  return { missing, invalid };
}

/** Two values that must agree, when both are set. */
function crossChecks(env: Env): string[] {
  const problems: string[] = [];
  const mode = (key: string | undefined) => /_(test|live)_/.exec(key ?? '')?.[1];
  const secret = mode(env.STRIPE_SECRET_KEY);
  const publishable = mode(env.VITE_STRIPE_PUBLISHABLE_KEY);
  if (secret && publishable && secret !== publishable)
    problems.push(`STRIPE_SECRET_KEY is a ${secret} key but VITE_STRIPE_PUBLISHABLE_KEY a ${publishable} one: use both test or both live.`);
  const serverProject = env.FIREBASE_PROJECT_ID?.trim();
  const webProject = env.VITE_FIREBASE_PROJECT_ID?.trim();
  if (serverProject && webProject && serverProject !== webProject)
    problems.push('FIREBASE_PROJECT_ID and VITE_FIREBASE_PROJECT_ID name different projects.');
  return problems;
}

const LOCAL_STACK = ['DATA_DIR', 'FIRESTORE_EMULATOR_PORT', 'AUTH_EMULATOR_PORT'];
const SERVICE_ACCOUNT = ['FIREBASE_PROJECT_ID', 'FIREBASE_CLIENT_EMAIL', 'FIREBASE_PRIVATE_KEY'];

/** True when `env` describes the local stack of `npm run dev` rather than a deploy. */
function isLocalMode(env: Env): boolean {
  if (usesEmulators(env)) return true;
  const hasServiceAccount = SERVICE_ACCOUNT.some((name) => env[name]?.trim());
  return !hasServiceAccount && LOCAL_STACK.some((name) => env[name]?.trim());
}

function main(): number {
  const argument = process.argv[2];
  let source: string;
  let env: Env;
  if (argument || existsSync('.env')) {
    const file = argument ?? '.env';
    if (!existsSync(file)) {
      console.error(`check:env: no file ${file}.`);
      return 2;
    }
    source = file;
    env = parseEnv(readFileSync(file, 'utf8'));
  } else {
    source = 'the process environment (no .env file)';
    env = process.env;
  }
  console.log(`Checking ${source}`);

  if (isLocalMode(env)) {
    console.log('Local mode (emulators): nothing to configure. `npm run dev` starts Firebase and Cloudinary emulators with demo data.');
    const stripe = checkService('stripe', env);
    console.log(
      stripe.configured || env.STRIPE_SECRET_KEY?.trim()
        ? `Stripe (optional locally): ${verdict(stripe.missing, stripe.invalid)}`
        : 'Stripe (optional locally): not set, card payments say they are not configured (README, "Card payments").',
    );
    return 0;
  }

  let ready = true;
  console.log('\nServer (Netlify functions):');
  for (const service of SERVICES) {
    const { configured, missing, invalid } = checkService(service, env);
    ready &&= configured;
    const note = service === 'site' && !configured && missing.length ? ' (on Netlify, URL is set by Netlify and used instead)' : '';
    console.log(`  ${SERVICE_LABELS[service].padEnd(30)} ${verdict(missing, invalid)}${note}`);
  }
  console.log('\nBrowser (VITE_ values, read when Netlify builds the site):');
  for (const screen of SCREENS) {
    const { missing, invalid } = checkScreen(screen.fields, env);
    ready &&= missing.length === 0 && invalid.length === 0;
    console.log(`  ${screen.label.padEnd(34)} ${verdict(missing, invalid)}`);
  }
  const problems = crossChecks(env);
  for (const problem of problems) console.log(`\n  ${problem}`);
  ready &&= problems.length === 0;
  console.log(ready ? '\nEverything is configured.' : '\nNot ready: set the variables above (docs/deploy.md, "The variables").');
  return ready ? 0 : 1;
}

process.exitCode = main();

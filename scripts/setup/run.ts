import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Answers } from './answers';
import { LOCAL_ONLY_VARIABLES, readEnvFile, writeEnvFile } from './env-file';
import { cloudinaryPresetStep } from './steps/cloudinary-preset';
import { firebaseAuthStep } from './steps/firebase-auth';
import { firebaseIndexesStep } from './steps/firebase-indexes';
import { firebaseRulesStep } from './steps/firebase-rules';
import { firebaseWebAppStep } from './steps/firebase-web-app';
import { firstAdminStep } from './steps/first-admin';
import { groupConfigStep } from './steps/group-config';
import { netlifyEnvStep } from './steps/netlify-env';
import { netlifySiteStep } from './steps/netlify-site';
import { sessionSecretStep } from './steps/session-secret';
import { smtpStep } from './steps/smtp-test';
import { stripeWebhookStep } from './steps/stripe-webhook';
import { SetupError, type FirebaseTarget, type SetupContext, type SetupStep } from './types';

/** The steps in their order: each may use what the ones before settled (the site's address before Stripe's webhook and the admin's link). */
export const SETUP_STEPS: readonly SetupStep[] = [
  groupConfigStep,
  netlifySiteStep,
  sessionSecretStep,
  firebaseRulesStep,
  firebaseIndexesStep,
  firebaseAuthStep,
  firebaseWebAppStep,
  cloudinaryPresetStep,
  smtpStep,
  stripeWebhookStep,
  firstAdminStep,
  netlifyEnvStep,
];

/**
 * The Firebase target of the answers: the emulators, or the project of the
 * service-account file (its project_id, client_email, private_key).
 * @throws SetupError when the file cannot be read or is not a service account key.
 */
export function firebaseTarget(answers: Answers): FirebaseTarget {
  if ('emulator' in answers.firebase) return { kind: 'emulator', ...answers.firebase.emulator };
  const file = answers.firebase.serviceAccountFile;
  const page = 'https://console.firebase.google.com/project/_/settings/serviceaccounts/adminsdk';
  let key: { type?: string; project_id?: string; client_email?: string; private_key?: string };
  try {
    key = JSON.parse(readFileSync(file, 'utf8')) as typeof key;
  } catch (error) {
    throw new SetupError(`Non riesco a leggere il file del service account ${file}: ${(error as Error).message}`, page);
  }
  if (key.type !== 'service_account' || !key.project_id || !key.client_email || !key.private_key?.includes('PRIVATE KEY')) {
    throw new SetupError(`${path.basename(file)} non è la chiave di un service account: scaricala da "Genera nuova chiave privata".`, page);
  }
  return { kind: 'project', projectId: key.project_id, clientEmail: key.client_email, privateKey: key.private_key };
}

/** The server variables of the Firebase target, for `.env` and Netlify (the emulator's project id only). */
function firebaseValues(target: FirebaseTarget): Record<string, string> {
  if (target.kind === 'emulator') return { FIREBASE_PROJECT_ID: target.projectId };
  return { FIREBASE_PROJECT_ID: target.projectId, FIREBASE_CLIENT_EMAIL: target.clientEmail, FIREBASE_PRIVATE_KEY: target.privateKey };
}

/** Points this process's server code (firebase-admin, the mail outbox) at the target and the answers' SMTP. */
function pointServerAt(target: FirebaseTarget, answers: Answers): void {
  const env = process.env;
  delete env.FIRESTORE_EMULATOR_HOST;
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  if (target.kind === 'emulator') {
    env.FIRESTORE_EMULATOR_HOST = target.firestoreHost;
    env.FIREBASE_AUTH_EMULATOR_HOST = target.authHost;
  }
  Object.assign(env, firebaseValues(target), { SMTP_URL: answers.mail.smtpUrl, MAIL_FROM: answers.mail.from });
}

export interface SetupOptions {
  answers: Answers;
  /** Folder of `.env` and group.config.json. */
  root: string;
  dryRun: boolean;
  print: (line: string) => void;
}

/** What --dry-run prints: every step's calls, and the variables `.env` would get. */
function printPlan(context: SetupContext): void {
  context.print('Piano di npm run setup (--dry-run: nessuna chiamata che cambia qualcosa, nessun file scritto)\n');
  SETUP_STEPS.forEach((step, index) => {
    context.print(`${index + 1}. ${step.title}`);
    for (const line of step.plan(context)) context.print(`   - ${line}`);
  });
  context.print(`\n.env in ${context.root}: le variabili di setup (le altre righe restano), segreti mai stampati per intero.`);
}

/**
 * `npm run setup` (docs/deploy.md, "npm run setup"): runs
 * {@link SETUP_STEPS} in order, printing per step 'creato', 'aggiornato',
 * 'già a posto' or 'saltato' with what it found; `.env` is written after
 * each step (a webhook's secret, shown once by Stripe, is never lost to a
 * later failure). Stops at the first step that cannot go on, printing its
 * Italian message and the console page to open. Resolves the exit code: 0
 * done, 1 stopped.
 */
export async function runSetup(options: SetupOptions): Promise<number> {
  const { answers, root, print } = options;
  const envFile = path.join(root, '.env');
  let context: SetupContext;
  try {
    const firebase = firebaseTarget(answers);
    context = {
      answers,
      root,
      existingEnv: readEnvFile(envFile),
      values: firebaseValues(firebase),
      firebase,
      siteUrl: null,
      netlifySite: null,
      print,
    };
  } catch (error) {
    if (!(error instanceof SetupError)) throw error;
    print(`✗ ${error.message}\n  Apri: ${error.consolePage}`);
    return 1;
  }
  if (options.dryRun) {
    printPlan(context);
    return 0;
  }
  pointServerAt(context.firebase, answers);
  const changedKeys = new Set<string>();
  for (const step of SETUP_STEPS) {
    try {
      const outcome = await step.apply(context);
      print(`${outcome.status === 'saltato' ? '–' : '✓'} ${step.title}: ${outcome.status} (${outcome.detail})`);
    } catch (error) {
      const known = error instanceof SetupError;
      print(`✗ ${step.title}: ${known ? error.message : `errore imprevisto: ${(error as Error).message}`}`);
      if (known) print(`  Apri: ${error.consolePage}`);
      print('  Corretto il problema, rilancia npm run setup: i passi già fatti risultano "già a posto".');
      return 1;
    } finally {
      for (const key of writeEnvFile(envFile, context.values)) changedKeys.add(key);
    }
    if (context.siteUrl) process.env.SITE_URL = context.siteUrl;
  }
  const local = LOCAL_ONLY_VARIABLES.filter((key) => context.values[key]);
  print(
    changedKeys.size
      ? `✓ .env: ${changedKeys.size} variabili scritte (${[...changedKeys].join(', ')})${local.length ? `; ${local.join(', ')} solo in locale` : ''}`
      : '✓ .env: già a posto',
  );
  print('Ora: npm run check:launch -- ' + (context.siteUrl ?? 'URL-DEL-SITO'));
  return 0;
}

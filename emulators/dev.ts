/**
 * `npm run dev`: the whole portal on local emulators, in one terminal.
 *
 * Runs Vite (functions at /.netlify/functions/*, loaded once and kept warm
 * by emulators/dev/functions-server.ts), then starts Google's Cloud
 * Firestore emulator (with firestore.rules) and the Firebase Auth emulator of
 * firebase-tools as child processes and the Cloudinary-compatible media
 * emulator (emulators/media) and the mail catcher (MailDev: its web inbox
 * shows every e-mail the functions send) in this process, seeds the demo
 * data on an empty data folder, waits for Vite to have loaded every function, and
 * prints "[dev] ready" (the browser tests wait for that line). Ctrl-C stops everything; the
 * Firestore data is exported to the data folder on the way out.
 *
 *   npm run dev              keep the data in .data/ across restarts
 *   npm run dev -- --reset   start again from the demo data
 *
 * A `.env` file, when present, is read first (values already in the
 * environment win); `--no-env-file` skips it (the browser tests do).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { startMediaEmulator } from './media/server';
import { DEMO_STAFF } from './seed/demo-data';
import { markEmailVerified, setStaffRole } from '../netlify/lib/staff/admin-claims';
import { ensureAuthAccount, startAuthEmulator } from './dev/auth-emulator';
import { FIRESTORE_EMULATOR_MISSING, startFirestoreEmulator } from './dev/firestore-emulator';
import { seedIfEmpty } from './dev/seed-firestore';
import { FUNCTIONS_READY_PATH } from './dev/functions-server';
import { startMailCatcher } from './dev/mail-catcher';
import { readStackSettings, STACK_READY } from './dev/settings';
import { warmVite } from './dev/warm-vite';
import { browserEnvironment, DEMO_MEDIA, serverEnvironment } from './dev/stack-environment';

const useEnvFile = !process.argv.includes('--no-env-file');
if (useEnvFile && existsSync('.env')) process.loadEnvFile('.env');
const settings = readStackSettings();
const reset = process.argv.includes('--reset');
const stoppers: Array<() => Promise<unknown> | void> = [];
let stopping = false;

/**
 * Stops everything once, in reverse start order (the Firestore emulator
 * exports its data first). A second signal while stopping (Ctrl-C reaches
 * this process both from the terminal and through tsx) is ignored.
 */
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const stopOne of stoppers.reverse()) {
    await Promise.resolve(stopOne()).catch((error: unknown) => console.error('[dev] while stopping:', error));
  }
  process.exit(code);
}

function track(child: ChildProcess, name: string) {
  stoppers.push(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 5000).unref();
      }),
  );
  child.once('exit', (code) => {
    if (!stopping) {
      console.error(`[dev] ${name} stopped (${code}); stopping the stack.`);
      void stop(code ?? 1);
    }
  });
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function main() {
  if (reset) {
    console.log('[dev] --reset: starting again from the demo data');
    await rm(path.join(settings.dataDir, 'firestore'), { recursive: true, force: true });
    await rm(path.join(settings.dataDir, 'media'), { recursive: true, force: true });
    await rm(path.join(settings.dataDir, 'mail'), { recursive: true, force: true });
  }
  const startedAt = Date.now();
  // Server code (seed, functions, `npm run admin`) finds the emulators here.
  Object.assign(process.env, serverEnvironment(settings));

  // Vite first: every address it needs is known from the settings, and
  // `netlify dev` gives up on its port (5173) after about 15 s
  // (docs/local-stack.md, "netlify dev"). Until the "[dev] ready" line the
  // functions may answer that a service is unavailable.
  const vite = spawn(path.resolve('node_modules', '.bin', 'vite'), ['--port', String(settings.appPort), '--strictPort'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(settings.appPort),
      ...browserEnvironment(settings),
      ...(useEnvFile ? {} : { VITE_STRIPE_PUBLISHABLE_KEY: '', STRIPE_SECRET_KEY: '' }),
    },
  });
  track(vite, 'Vite');

  const firestore = await startFirestoreEmulator({
    host: settings.host,
    port: settings.firestorePort,
    projectId: settings.projectId,
    rulesPath: 'firestore.rules',
    dataDir: path.join(settings.dataDir, 'firestore'),
  });
  stoppers.push(() => firestore.close());
  console.log(`[dev] Firestore emulator on ${firestore.url} (firestore.rules loaded, ${Date.now() - startedAt} ms)`);
  if (await seedIfEmpty()) console.log('[dev] seeded the demo data');

  const media = await startMediaEmulator({
    host: settings.host,
    port: settings.mediaPort,
    dataDir: path.join(settings.dataDir, 'media'),
    ...DEMO_MEDIA,
  });
  stoppers.push(() => media.close());
  console.log(`[dev] media (Cloudinary) emulator on ${media.url}`);

  const mail = await startMailCatcher({
    host: settings.host,
    smtpPort: settings.mailSmtpPort,
    webPort: settings.mailWebPort,
    mailDir: path.join(settings.dataDir, 'mail'),
    onMessage: ({ subject, to }) => console.log(`[dev] mail to ${to.join(', ')}: ${subject}`),
  });
  stoppers.push(() => mail.close());
  console.log(`[dev] mail catcher: inbox at http://localhost:${settings.mailWebPort} (SMTP ${mail.smtpUrl})`);

  const auth = await startAuthEmulator(settings);
  track(auth, 'Auth emulator');
  for (const account of DEMO_STAFF) {
    await ensureAuthAccount(settings, account.email, account.password);
    // A role counts only for a verified e-mail (docs/security.md, "Roles"): the demo volunteers' are.
    await markEmailVerified(account.email);
    await setStaffRole(account.email, account.staff);
  }
  console.log(`[dev] Auth emulator on http://${settings.host}:${settings.authPort} (${DEMO_STAFF.map(({ email }) => email).join(', ')})`);
  // Under `netlify dev` netlify-cli serves the functions; otherwise Vite has loaded each one once before "ready".
  if (!process.env.NETLIFY_DEV) {
    const { functions, ms } = await functionsLoaded(`http://localhost:${settings.appPort}${FUNCTIONS_READY_PATH}`);
    console.log(`[dev] ${functions.length} functions loaded at /.netlify/functions/* (${ms} ms)`);
  }
  // Every module transformed before anyone opens a page: the first page loads like the second.
  const warm = await warmVite(`http://localhost:${settings.appPort}`);
  console.log(`[dev] ${warm.modules} app modules transformed (${warm.ms} ms)`);
  console.log(`${STACK_READY} http://localhost:${settings.appPort} (${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
}

/**
 * Waits for Vite to answer {@link FUNCTIONS_READY_PATH} (it starts before
 * the emulators, and answers once every function module is loaded).
 * @throws Error when it has not answered within two minutes.
 */
async function functionsLoaded(url: string): Promise<{ functions: string[]; ms: number }> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return (await response.json()) as { functions: string[]; ms: number };
    } catch {
      // Vite is not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`Vite did not load the functions within two minutes (${url})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

main().catch((error: unknown) => {
  if (error instanceof Error && error.message === FIRESTORE_EMULATOR_MISSING) console.error(`[dev] ${error.message}`);
  else console.error('[dev] could not start the stack:', error);
  void stop(1);
});

/**
 * The benchmark's local stack: the dev launcher (emulators/dev.ts, as
 * `npm run dev` and the browser tests run it) on ports and a data folder of
 * its own, set through the same variables playwright.config.ts passes
 * (PORT, FIRESTORE_EMULATOR_PORT, AUTH_EMULATOR_PORT, FIREBASE_HUB_PORT,
 * FIREBASE_LOGGING_PORT, MEDIA_EMULATOR_PORT, MAIL_SMTP_PORT, MAIL_WEB_PORT,
 * DATA_DIR), with `--reset
 * --no-env-file`. The ports are the browser tests' ones (tests/e2e/ports.ts)
 * moved by BENCH_PORT_OFFSET (40 by default), so the benchmark runs next to
 * a developer's stack and the browser tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import { readStackSettings, STACK_READY, type StackSettings } from '../../emulators/dev/settings';
import { DEMO_ADMIN } from '../../emulators/seed/demo-data';
import { getDb } from '../../netlify/lib/platform/firestore';
import { E2E_PORT_OFFSET, E2E_PORTS } from '../../tests/e2e/ports';

/** A running stack. */
export interface BenchStack {
  settings: StackSettings;
  /** http://localhost:PORT */
  appUrl: string;
  /** http://127.0.0.1:FIRESTORE_PORT */
  firestoreUrl: string;
  /** Stops the launcher (which stops the emulators and Vite), then anything left in its process group. */
  stop: () => Promise<void>;
}

/** The launcher's environment for a port offset (the variables read by emulators/dev/settings.ts). */
export function stackEnv(offset: number): Record<string, string> {
  const at = (port: number) => String(port - E2E_PORT_OFFSET + offset);
  return {
    DATA_DIR: `.data/bench-${offset}`,
    PORT: at(E2E_PORTS.app),
    FIRESTORE_EMULATOR_PORT: at(E2E_PORTS.firestore),
    AUTH_EMULATOR_PORT: at(E2E_PORTS.auth),
    FIREBASE_HUB_PORT: at(E2E_PORTS.hub),
    FIREBASE_LOGGING_PORT: at(E2E_PORTS.logging),
    MEDIA_EMULATOR_PORT: at(E2E_PORTS.media),
    MAIL_SMTP_PORT: at(E2E_PORTS.mailSmtp),
    MAIL_WEB_PORT: at(E2E_PORTS.mailWeb),
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Starts the launcher in a process group of its own (so Ctrl-C reaches the
 * benchmark, which stops it in order) and resolves once it prints its
 * {@link STACK_READY} line (app, emulators and demo data up).
 * `verbose` shows its output; otherwise the last lines are printed when it
 * fails to start.
 * @throws Error with the launcher's output when it exits or is not ready within `timeoutMs`.
 */
export async function startStack(offset: number, verbose: boolean, timeoutMs = 180_000): Promise<BenchStack> {
  const env = stackEnv(offset);
  // readStackSettings reads the ports from process.env whatever its argument: set them here too.
  Object.assign(process.env, env);
  const settings = readStackSettings(process.env);
  const child = spawn(path.resolve('node_modules', '.bin', 'tsx'), ['emulators/dev.ts', '--reset', '--no-env-file'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const log: string[] = [];
  let ready = false;
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString());
    ready ||= chunk.toString().includes(STACK_READY);
    if (log.length > 200) log.shift();
    if (verbose) process.stdout.write(`[stack] ${chunk.toString()}`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.pid === undefined) return;
    if (!exited(child)) {
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([done, wait(60_000)]);
    }
    // Whatever the launcher left behind in its group (it normally stops everything itself).
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is gone
    }
    await rm(settings.dataDir, { recursive: true, force: true });
  };

  const appUrl = `http://localhost:${settings.appPort}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`The dev launcher exited (${child.exitCode}):\n${log.join('').slice(-4000)}`);
    if (ready) return { settings, appUrl, firestoreUrl: `http://${settings.host}:${settings.firestorePort}`, stop };
    await wait(500);
  }
  await stop();
  throw new Error(`The stack was not ready within ${timeoutMs} ms:\n${log.join('').slice(-4000)}`);
}

/** The demo admin's Firebase ID token from the stack's Auth emulator, for the admin functions' `Authorization: Bearer`. */
export async function demoAdminToken(stack: BenchStack): Promise<string> {
  const response = await fetch(
    `http://${stack.settings.host}:${stack.settings.authPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`The demo admin could not sign in: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** The stack's Firestore, through firebase-admin (the emulator of `stack`). */
export function stackDb(stack: BenchStack): Firestore {
  process.env.FIRESTORE_EMULATOR_HOST = `${stack.settings.host}:${stack.settings.firestorePort}`;
  process.env.FIREBASE_PROJECT_ID = stack.settings.projectId;
  process.env.METADATA_SERVER_DETECTION = 'none';
  return getDb();
}

/**
 * Runs a benchmark's `main` to its end: `cleanUp` (stopping its stack) once it ends, fails or is interrupted
 * (Ctrl-C exits 130); a failure is printed and exits 1.
 */
export function runBenchmark(main: () => Promise<void>, cleanUp: () => Promise<void>): void {
  process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));
  main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => void cleanUp());
}

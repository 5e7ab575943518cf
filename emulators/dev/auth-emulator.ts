import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StackSettings } from './settings';

/**
 * Starts the official Firebase Auth emulator (firebase-tools, plain Node,
 * works offline) as a child process, with a firebase.json written for these
 * ports, and resolves once it answers.
 * @throws Error when it exits or does not answer within `timeoutMs`.
 */
export async function startAuthEmulator(settings: StackSettings, timeoutMs = 60_000): Promise<ChildProcess> {
  const configDir = path.join(settings.dataDir, 'firebase');
  await mkdir(configDir, { recursive: true });
  const configPath = path.join(configDir, 'firebase.json');
  await writeFile(
    configPath,
    JSON.stringify(
      {
        emulators: {
          auth: { host: settings.host, port: settings.authPort },
          hub: { host: settings.host, port: settings.hubPort },
          logging: { host: settings.host, port: settings.loggingPort },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      },
      null,
      2,
    ),
  );
  const firebaseBin = path.resolve('node_modules', '.bin', 'firebase');
  const child = spawn(firebaseBin, ['emulators:start', '--only', 'auth', '--project', settings.projectId, '--config', configPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIREBASE_CLI_EXPERIMENTS: '' },
  });
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));

  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`Auth emulator exited (${code}):\n${log.join('')}`))),
  );
  exited.catch(() => {});
  const ready = (async () => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      try {
        const response = await fetch(`http://${settings.host}:${settings.authPort}/`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    child.kill('SIGTERM');
    throw new Error(`Auth emulator did not start within ${timeoutMs} ms:\n${log.join('')}`);
  })();
  await Promise.race([ready, exited]);
  child.removeAllListeners('exit');
  return child;
}

/**
 * Creates an e-mail/password account in the Auth emulator unless it exists
 * (the emulator answers EMAIL_EXISTS then).
 * @throws Error on any other answer.
 */
export async function ensureAuthAccount(settings: StackSettings, email: string, password: string): Promise<void> {
  const url = `http://${settings.host}:${settings.authPort}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: false }),
  });
  if (response.ok) return;
  const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
  if (body.error?.message === 'EMAIL_EXISTS') return;
  throw new Error(`Could not create ${email} in the Auth emulator: ${response.status} ${JSON.stringify(body)}`);
}

import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getAuth } from 'firebase-admin/auth';
import { startAuthEmulator } from '../../emulators/dev/auth-emulator';
import { getAdminApp } from '../../netlify/lib/platform/firestore';

/**
 * The Firebase Auth emulator for one test file of the admin functions: the
 * official one the dev stack uses (firebase-tools), started on free ports
 * for the file's project, with helpers to make accounts and sign in as the
 * browser's SDK does. firebase-admin (netlify/lib/platform/admin-auth.ts) verifies
 * the ID tokens it issues. Call {@link startTestAuth} in `beforeAll` after
 * useEmulatorDb (tests/support/server-db.ts), and `stop` in `afterAll`.
 */
export interface TestAuth {
  /** host:port of the emulator. */
  host: string;
  /**
   * Creates an account with `claims` (e.g. `{ role: 'tesoriere' }`) and
   * resolves its ID token. Its e-mail is verified, as a volunteer's is once
   * they set their password from the invitation (docs/security.md,
   * "Roles"), unless `verified` is false (a self-registered account).
   */
  account: (email: string, claims?: Record<string, unknown>, options?: { verified?: boolean }) => Promise<string>;
  /** Signs in again and resolves a fresh ID token (after claims changed); the password of {@link TestAuth.account} unless given. */
  signIn: (email: string, password?: string) => Promise<string>;
  stop: () => Promise<void>;
}

const PASSWORD = 'test-password-1';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The emulator on ports free a moment ago. Another test file's worker (or an
 * outgoing connection, which takes its port from the same range) may take
 * one before the emulator binds it: then it starts again on new ports.
 */
async function startOnFreePorts(projectId: string, dataDir: string, attempts = 3): Promise<{ child: ChildProcess; host: string }> {
  for (let attempt = 1; ; attempt++) {
    const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
    try {
      const child = await startAuthEmulator({
        projectId,
        dataDir,
        host: '127.0.0.1',
        appPort: 0,
        firestorePort: 0,
        authPort,
        hubPort,
        loggingPort,
        mediaPort: 0,
        mailSmtpPort: 0,
        mailWebPort: 0,
      });
      return { child, host: `127.0.0.1:${authPort}` };
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

/** Starts the emulator for `projectId` and points firebase-admin at it (FIREBASE_AUTH_EMULATOR_HOST). */
export async function startTestAuth(projectId: string): Promise<TestAuth> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'test-auth-'));
  const { child, host } = await startOnFreePorts(projectId, dataDir);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;

  const signIn = async (email: string, password = PASSWORD) => {
    const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    });
    const body = (await response.json()) as { idToken?: string };
    if (!body.idToken) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
    return body.idToken;
  };

  return {
    host,
    signIn,
    account: async (email, claims, options) => {
      const auth = getAuth(getAdminApp());
      const user = await auth.createUser({ email, password: PASSWORD, emailVerified: options?.verified ?? true });
      if (claims) await auth.setCustomUserClaims(user.uid, claims);
      return signIn(email);
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }
      delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

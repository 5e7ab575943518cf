import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { E2E_PORTS } from './ports';

/**
 * `npm run check:launch` against the browser tests' own local stack (the
 * built site with netlify.toml's headers, its functions, the emulators):
 * CI runs it here, and a failing check fails the run.
 */
test('npm run check:launch passes on the local stack', async () => {
  const { stdout } = await promisify(execFile)(
    'npx',
    // No .env: the stack's own configuration and demo admin, at the browser tests' ports.
    ['tsx', 'scripts/check-launch.ts', `http://localhost:${E2E_PORTS.site}`, '--env', 'test-results/no-env-file'],
    {
      env: {
        ...process.env,
        PORT: String(E2E_PORTS.app),
        FIRESTORE_EMULATOR_PORT: String(E2E_PORTS.firestore),
        AUTH_EMULATOR_PORT: String(E2E_PORTS.auth),
        MEDIA_EMULATOR_PORT: String(E2E_PORTS.media),
        MAIL_SMTP_PORT: String(E2E_PORTS.mailSmtp),
        MAIL_WEB_PORT: String(E2E_PORTS.mailWeb),
      },
      timeout: 60_000,
    },
  ).catch((error: { stdout?: string; message: string }) => ({ stdout: error.stdout ?? error.message }));
  expect(stdout).not.toContain('✗');
  expect(stdout).toContain('Tutto a posto: il sito è pronto.');
});

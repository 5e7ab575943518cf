import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run check:env` (scripts/check-env.ts, docs/deploy.md), run as a child
 * process on temporary files: what it prints and its exit code.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const SCRIPT = path.join(ROOT, 'scripts', 'check-env.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'check-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILLED = {
  FIREBASE_PROJECT_ID: 'scout-portal-prod',
  FIREBASE_CLIENT_EMAIL: 'portal@scout-portal-prod.iam.gserviceaccount.com',
  FIREBASE_PRIVATE_KEY: '"-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----\\n"',
  VITE_FIREBASE_API_KEY: 'AIzaCHECKENVAPIKEY',
  VITE_FIREBASE_AUTH_DOMAIN: 'scout-portal-prod.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'scout-portal-prod',
  VITE_FIREBASE_APP_ID: '1:1234:web:abcd',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_CHECKENVPUBLISHABLE',
  STRIPE_SECRET_KEY: 'sk_test_CHECKENVSECRETKEY',
  STRIPE_WEBHOOK_SECRET: 'whsec_CHECKENVWEBHOOK',
  CLOUDINARY_CLOUD_NAME: 'scout-cloud',
  CLOUDINARY_API_KEY: '123456789012345',
  CLOUDINARY_API_SECRET: 'CHECKENVCLOUDINARYSECRET',
  CLOUDINARY_UPLOAD_PRESET: 'schede-mediche',
  SITE_URL: 'https://scout.example.org',
  SMTP_URL: 'smtps://portale:CHECKENVSMTPPASSWORD@smtp.example.org:465',
  MAIL_FROM: 'Gruppo Scout <portale@example.org>',
  SESSION_SECRET: 'CHECKENVSESSIONSECRET-0123456789-0123456789',
};
const SECRETS = [
  'CHECKENVSECRETKEY',
  'CHECKENVWEBHOOK',
  'CHECKENVCLOUDINARYSECRET',
  'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC',
  'CHECKENVSMTPPASSWORD',
  'CHECKENVSESSIONSECRET',
];

function envFile(name: string, values: Record<string, string>): string {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    Object.entries(values)
      .map(([key, value]) => `${key}=${value}\n`)
      .join(''),
  );
  return file;
}

/** Runs the script with `args` in `cwd`; resolves to its exit code and output. */
async function checkEnv(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env };
  try {
    const { stdout, stderr } = await promisify(execFile)(TSX, [SCRIPT, ...args], { cwd: options.cwd ?? dir, env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run check:env', () => {
  it('lists every missing variable by service for an empty .env and exits 1', async () => {
    const { code, output } = await checkEnv([envFile('empty.env', {})]);
    expect(code).toBe(1);
    expect(output).toMatch(/Firebase.*missing FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL, FIREBASE_PRIVATE_KEY/);
    expect(output).toMatch(/Stripe.*missing STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET/);
    expect(output).toMatch(
      /Cloudinary.*missing CLOUDINARY_CLOUD_NAME, CLOUDINARY_API_KEY, CLOUDINARY_API_SECRET, CLOUDINARY_UPLOAD_PRESET/,
    );
    expect(output).toMatch(/Site address.*missing SITE_URL/);
    expect(output).toMatch(
      /Admin screens.*missing VITE_FIREBASE_API_KEY, VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_APP_ID/,
    );
    expect(output).toMatch(/Card payment.*missing VITE_STRIPE_PUBLISHABLE_KEY/);
    expect(output).not.toContain('Medical form upload');
  });

  it(".env.example's values are the local mode: nothing to configure, exit 0", async () => {
    const file = path.join(dir, 'example.env');
    copyFileSync(path.join(ROOT, '.env.example'), file);
    const { code, output } = await checkEnv([file]);
    expect(output).toContain('Local mode (emulators): nothing to configure');
    expect(code).toBe(0);
  });

  it('says every service is configured for a complete file, exit 0, printing no secret', async () => {
    const { code, output } = await checkEnv([envFile('filled.env', FILLED)]);
    expect(output).toContain('Everything is configured.');
    expect(output.match(/ configured$/gm)).toHaveLength(8);
    expect(code).toBe(0);
    for (const secret of SECRETS) expect(output).not.toContain(secret);
  });

  it('names malformed values and mixed test and live keys without quoting them, exit 1', async () => {
    const file = envFile('wrong.env', {
      ...FILLED,
      STRIPE_SECRET_KEY: 'pk_live_CHECKENVSECRETKEY',
      VITE_FIREBASE_PROJECT_ID: 'another-project',
    });
    const { code, output } = await checkEnv([file]);
    expect(code).toBe(1);
    expect(output).toMatch(/Stripe.*invalid STRIPE_SECRET_KEY \(expected sk_test_… or sk_live_…\)/);
    expect(output).toContain('FIREBASE_PROJECT_ID and VITE_FIREBASE_PROJECT_ID name different projects.');
    expect(output).toContain('STRIPE_SECRET_KEY is a live key but VITE_STRIPE_PUBLISHABLE_KEY a test one');
    for (const secret of SECRETS) expect(output).not.toContain(secret);
  });

  it('reads the process environment when there is no .env, and exits 2 for a file that does not exist', async () => {
    const values = Object.fromEntries(Object.entries(FILLED).map(([key, value]) => [key, value.replace(/^"|"$/g, '')]));
    const fromEnvironment = await checkEnv([], { env: values });
    expect(fromEnvironment.output).toContain('Checking the process environment');
    expect(fromEnvironment.code).toBe(0);
    const missing = await checkEnv([path.join(dir, 'nope.env')]);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('no file');
  });
});

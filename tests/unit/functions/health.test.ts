import { afterEach, describe, expect, it, vi } from 'vitest';
import health from '../../../netlify/functions/health';
import { browserRequest, functionContext } from '../../support/function-context';

/** GET /.netlify/functions/health (docs/api.md, "health"): booleans only, never a value or a name. */

const FILLED: Record<string, string> = {
  FIREBASE_PROJECT_ID: 'scout-portal-prod',
  FIREBASE_CLIENT_EMAIL: 'portal@scout-portal-prod.iam.gserviceaccount.com',
  FIREBASE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----\\n',
  STRIPE_SECRET_KEY: 'sk_live_HEALTHSECRETKEY',
  STRIPE_WEBHOOK_SECRET: 'whsec_HEALTHWEBHOOK',
  CLOUDINARY_CLOUD_NAME: 'scout-cloud',
  CLOUDINARY_API_KEY: '123456789012345',
  CLOUDINARY_API_SECRET: 'HEALTHCLOUDINARYSECRET',
  CLOUDINARY_UPLOAD_PRESET: 'schede-mediche',
  URL: 'https://scout.netlify.app',
  SMTP_URL: 'smtps://portale:HEALTHSMTPPASSWORD@smtp.example.org:465',
  MAIL_FROM: 'Gruppo Scout <portale@example.org>',
  SESSION_SECRET: 'HEALTHSESSIONSECRET-0123456789-0123456789',
};
const EMULATOR_HOSTS = ['FIRESTORE_EMULATOR_HOST', 'FIREBASE_AUTH_EMULATOR_HOST'];

function stubEnv(values: Record<string, string>): void {
  for (const name of [...Object.keys(FILLED), ...EMULATOR_HOSTS, 'SITE_URL', 'SMTP_HOST']) vi.stubEnv(name, values[name] ?? '');
}

const get = (method = 'GET') => health(browserRequest('http://localhost/.netlify/functions/health', { method }), functionContext());

afterEach(() => vi.unstubAllEnvs());

describe('health', () => {
  it('answers every service configured in production, uncached, with no value in the answer', async () => {
    stubEnv(FILLED);
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      firebase: true,
      stripe: true,
      cloudinary: true,
      site: true,
      mail: true,
      session: true,
      mode: 'production',
    });
    for (const value of Object.values(FILLED)) expect(text).not.toContain(value);
  });

  it('answers false for every service of an empty environment, naming no variable', async () => {
    stubEnv({});
    const response = await get();
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      firebase: false,
      stripe: false,
      cloudinary: false,
      site: false,
      mail: false,
      session: false,
      mode: 'production',
    });
    expect(text).not.toMatch(/FIREBASE|STRIPE|CLOUDINARY|SITE_URL|SMTP|SESSION/);
  });

  it('says local mode on the emulators, and false for Stripe without its webhook secret', async () => {
    stubEnv({ ...FILLED, FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080', FIREBASE_PROJECT_ID: '', STRIPE_WEBHOOK_SECRET: '' });
    expect(await (await get()).json()).toEqual({
      firebase: true,
      stripe: false,
      cloudinary: true,
      site: true,
      mail: true,
      session: true,
      mode: 'local',
    });
  });

  it('answers 405 in Italian to POST', async () => {
    const response = await get('POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toEqual({ error: 'Metodo non consentito: usa GET.' });
  });
});

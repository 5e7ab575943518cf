import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { headersFor } from '../../../emulators/dev/netlify-headers';
import { startMediaEmulator, type RunningMediaEmulator } from '../../../emulators/media/server';
import adminUsers from '../../../netlify/functions/admin-users';
import health from '../../../netlify/functions/health';
import { runLaunchChecks } from '../../../scripts/check-launch/run';
import type { LaunchSettings } from '../../../scripts/check-launch/types';
import { STRIPE_WEBHOOK_EVENTS } from '../../../scripts/setup/steps/stripe-webhook';
import { startTestAuth, type TestAuth } from '../../support/auth-emulator';
import { functionContext, type NetlifyFunction } from '../../support/function-context';
import { launchHandlers, launchServices } from '../../support/launch-services';
import { onlyEmulatorUnhandled, useEmulatorDb } from '../../support/server-db';

const PROJECT = 'demo-check-launch';
const MEDIA = { cloudName: 'launch-cloud', apiKey: 'launch-key', apiSecret: 'launch-secret', uploadPreset: 'schede-mediche' };
const ADMIN = { email: 'presidente-launch@example.org', password: 'test-password-1' };
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_launchCheck',
  STRIPE_WEBHOOK_SECRET: 'whsec_launch',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_launchCheck',
};
const FUNCTIONS: Record<string, NetlifyFunction> = { health, 'admin-users': adminUsers };

const state = launchServices();
const msw = setupServer(...launchHandlers(state));
let auth: TestAuth;
let media: RunningMediaEmulator;
let site: ServerType;
let siteUrl: string;
const mediaDir = mkdtempSync(path.join(tmpdir(), 'launch-media-'));

/** The site as Netlify serves it: any page with netlify.toml's headers, the functions at /.netlify/functions/. */
function startSite(): Promise<string> {
  const app = new Hono();
  app.all('/.netlify/functions/:name', (c) => {
    const fn = FUNCTIONS[c.req.param('name')];
    return fn ? fn(c.req.raw, functionContext()) : c.text('Not found', 404);
  });
  app.get('*', (c) => c.html('<!doctype html><title>Portale</title>', 200, headersFor('/*')));
  return new Promise((resolve) => {
    site = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`));
  });
}

const settings = (env: Record<string, string> = {}): LaunchSettings => ({
  siteUrl,
  local: true,
  admin: ADMIN,
  fiscalCode: null,
  stripeMode: 'test',
  env: {
    VITE_FIREBASE_API_KEY: 'demo-api-key',
    VITE_FIREBASE_AUTH_EMULATOR_URL: `http://${auth.host}`,
    SMTP_URL: inject('mailCatcher').smtpUrl,
    CLOUDINARY_CLOUD_NAME: MEDIA.cloudName,
    CLOUDINARY_API_KEY: MEDIA.apiKey,
    CLOUDINARY_API_SECRET: MEDIA.apiSecret,
    CLOUDINARY_UPLOAD_PRESET: MEDIA.uploadPreset,
    CLOUDINARY_API_URL: media.url,
    ...STRIPE,
    ...env,
  },
});

const check = async (env?: Record<string, string>) => {
  const lines: string[] = [];
  const code = await runLaunchChecks(settings(env), (line) => lines.push(line));
  return { code, output: lines.join('\n') };
};

beforeAll(async () => {
  await useEmulatorDb(PROJECT);
  auth = await startTestAuth(PROJECT);
  media = await startMediaEmulator({ port: 0, dataDir: mediaDir, ...MEDIA });
  siteUrl = await startSite();
  // The functions' own configuration, as the deploy has it.
  Object.assign(process.env, STRIPE, {
    SITE_URL: siteUrl,
    CLOUDINARY_CLOUD_NAME: MEDIA.cloudName,
    CLOUDINARY_API_KEY: MEDIA.apiKey,
    CLOUDINARY_API_SECRET: MEDIA.apiSecret,
    CLOUDINARY_UPLOAD_PRESET: MEDIA.uploadPreset,
    CLOUDINARY_API_URL: media.url,
  });
  await auth.account(ADMIN.email, { role: 'admin' });
  state.stripeKeys.add(STRIPE.STRIPE_SECRET_KEY);
  state.webhookEndpoints.push({
    id: 'we_launch',
    url: `${siteUrl}/.netlify/functions/stripe-webhook`,
    enabled_events: [...STRIPE_WEBHOOK_EVENTS],
    status: 'enabled',
    secret: STRIPE.STRIPE_WEBHOOK_SECRET,
  });
  msw.listen({ onUnhandledRequest: onlyEmulatorUnhandled });
}, 60_000);

afterAll(async () => {
  msw.close();
  site.close();
  await media.close();
  await auth.stop();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe('npm run check:launch', () => {
  it('passes on a running stack, one ✓ line per check', async () => {
    const { code, output } = await check();
    expect(output).not.toContain('✗');
    expect(code).toBe(0);
    expect(output.match(/^✓ /gm)).toHaveLength(7);
    expect(output).toContain(`✓ Accesso del primo amministratore (Firebase Auth, Firestore): ${ADMIN.email} entra`);
    expect(output).toContain('✓ Stripe: endpoint del webhook: we_launch');
    expect(output).toContain('✓ Cloudinary: caricamento firmato: PDF di prova caricato');
  });

  it('names the service that is down, with the fix', async () => {
    const { code, output } = await check({ SMTP_URL: 'smtp://127.0.0.1:1' });
    expect(code).toBe(1);
    expect(output).toMatch(/^✗ E-mail \(SMTP\): il server 127\.0\.0\.1:1 non accetta \(connect ECONNREFUSED/m);
    expect(output).toContain('Come risolvere: Controlla host, porta e password di SMTP_URL');
    expect(output).toContain('1 controlli falliti.');
  });

  it('names Cloudinary when its keys are wrong', async () => {
    const { code, output } = await check({ CLOUDINARY_API_SECRET: 'not-the-secret' });
    expect(code).toBe(1);
    expect(output).toMatch(/^✗ Cloudinary: caricamento firmato: caricamento rifiutato \(Invalid Signature/m);
  });
});

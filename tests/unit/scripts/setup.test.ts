import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getAuth } from 'firebase-admin/auth';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMediaEmulator, type RunningMediaEmulator } from '../../../emulators/media/server';
import { getAdminApp } from '../../../netlify/lib/platform/firestore';
import { readAnswersFile, type Answers } from '../../../scripts/setup/answers';
import { readEnvFile } from '../../../scripts/setup/env-file';
import { runSetup } from '../../../scripts/setup/run';
import { STRIPE_WEBHOOK_EVENTS } from '../../../scripts/setup/steps/stripe-webhook';
import { startTestAuth, type TestAuth } from '../../support/auth-emulator';
import { launchHandlers, launchServices, NETLIFY_SITE, type NetlifyEnvEntry } from '../../support/launch-services';
import { testInbox } from '../../support/mail-inbox';
import { onlyEmulatorUnhandled, useEmulatorDb } from '../../support/server-db';

const PROJECT = 'demo-setup-command';
const MEDIA = { cloudName: 'setup-cloud', apiKey: 'setup-key', apiSecret: 'setup-secret' };
const ADMIN = 'presidente-setup@example.org';
const SECRET_KEY = 'sk_test_setupCommand';

const state = launchServices();
const server = setupServer(...launchHandlers(state));
/** Every request to Stripe's or Netlify's API, as `METHOD host/path`. */
const calls: string[] = [];
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  if (url.hostname !== '127.0.0.1') calls.push(`${request.method} ${url.hostname}${url.pathname}`);
});

let auth: TestAuth;
let media: RunningMediaEmulator;
const root = mkdtempSync(path.join(tmpdir(), 'setup-root-'));
const mediaDir = mkdtempSync(path.join(tmpdir(), 'setup-media-'));

/** The answers of a group on the local stack: the emulators, the media emulator, the mail catcher; Stripe and Netlify at msw. */
function localAnswers(overrides: Partial<Answers> = {}): Answers {
  return {
    group: { name: 'Gruppo Scout Prova 1' },
    firebase: { emulator: { projectId: PROJECT, firestoreHost: inject('firestoreEmulatorHost'), authHost: auth.host } },
    stripe: { mode: 'test', secretKey: SECRET_KEY, publishableKey: 'pk_test_setupCommand' },
    cloudinary: {
      url: `cloudinary://${MEDIA.apiKey}:${MEDIA.apiSecret}@${MEDIA.cloudName}`,
      uploadPreset: 'schede-mediche',
      apiUrl: media.url,
    },
    mail: { smtpUrl: inject('mailCatcher').smtpUrl, from: 'Gruppo Scout Prova 1 <portale@example.org>' },
    netlify: { token: 'netlify-token', site: NETLIFY_SITE.name },
    admin: { email: ADMIN },
    ...overrides,
  };
}

const run = async (answers: Answers, dryRun = false) => {
  const lines: string[] = [];
  const code = await runSetup({ answers, root, dryRun, print: (line) => lines.push(line) });
  return { code, output: lines.join('\n') };
};

beforeAll(async () => {
  await useEmulatorDb(PROJECT);
  auth = await startTestAuth(PROJECT);
  media = await startMediaEmulator({ port: 0, dataDir: mediaDir, ...MEDIA });
  state.stripeKeys.add(SECRET_KEY);
  server.listen({ onUnhandledRequest: onlyEmulatorUnhandled });
  copyFileSync('group.config.json', path.join(root, 'group.config.json'));
  // A developer's .env: their own lines stay, a blank owned one is filled in place.
  writeFileSync(path.join(root, '.env'), '# mine\nDATA_DIR=.data\nSMTP_URL=\nMY_OWN_SETTING=keep me\n');
}, 60_000);

afterAll(async () => {
  server.close();
  await media.close();
  await auth.stop();
  rmSync(root, { recursive: true, force: true });
  rmSync(mediaDir, { recursive: true, force: true });
});

describe('npm run setup --dry-run', () => {
  it('prints every call of the fixture answers and changes nothing', async () => {
    const answers = readAnswersFile('tests/fixtures/setup-answers.json');
    const dir = mkdtempSync(path.join(tmpdir(), 'setup-dry-'));
    copyFileSync('group.config.json', path.join(dir, 'group.config.json'));
    const lines: string[] = [];
    const before = calls.length;
    const code = await runSetup({ answers, root: dir, dryRun: true, print: (line) => lines.push(line) });
    const output = lines.join('\n');
    expect(code).toBe(0);
    expect(output).toContain('GET https://api.netlify.com/api/v1/sites?name=gruppo-scout-manziana');
    expect(output).toContain('https://firebaserules.googleapis.com/v1/projects/gruppo-scout-esempio/releases/cloud.firestore');
    expect(output).toContain('webhookEndpoints.create con payment_intent.succeeded');
    expect(output).toContain('POST https://api.netlify.com/api/v1/sites/{sito}/builds');
    expect(output).not.toContain('sk_test_fixtureOnlyNotAKey');
    expect(output).not.toContain('fixture-password');
    expect(calls.length).toBe(before);
    expect(readFileSync(path.join(dir, 'group.config.json'), 'utf8')).toBe(readFileSync('group.config.json', 'utf8'));
    expect(() => readFileSync(path.join(dir, '.env'))).toThrow();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('npm run setup on the local stack', () => {
  it('writes .env, loads the rules, makes the preset, the webhook, the first admin and the Netlify variables', async () => {
    const { code, output } = await run(localAnswers());
    expect(output).not.toContain('✗');
    expect(code).toBe(0);

    const env = readEnvFile(path.join(root, '.env'));
    expect(env).toMatchObject({
      DATA_DIR: '.data',
      MY_OWN_SETTING: 'keep me',
      FIREBASE_PROJECT_ID: PROJECT,
      SITE_URL: NETLIFY_SITE.ssl_url,
      SMTP_URL: inject('mailCatcher').smtpUrl,
      MAIL_FROM: 'Gruppo Scout Prova 1 <portale@example.org>',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_test1',
      CLOUDINARY_CLOUD_NAME: MEDIA.cloudName,
      CLOUDINARY_UPLOAD_PRESET: 'schede-mediche',
      CLOUDINARY_API_URL: media.url,
    });
    expect(env.SESSION_SECRET?.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(root, '.env'), 'utf8').match(/^SMTP_URL=/gm)).toHaveLength(1);
    expect(JSON.parse(readFileSync(path.join(root, 'group.config.json'), 'utf8'))).toMatchObject({ name: 'Gruppo Scout Prova 1' });

    expect(state.webhookEndpoints).toEqual([
      expect.objectContaining({
        url: `${NETLIFY_SITE.ssl_url}/.netlify/functions/stripe-webhook`,
        enabled_events: [...STRIPE_WEBHOOK_EVENTS],
      }),
    ]);
    const preset = await fetch(`${media.url}/v1_1/${MEDIA.cloudName}/upload_presets/schede-mediche`, {
      headers: { authorization: `Basic ${Buffer.from(`${MEDIA.apiKey}:${MEDIA.apiSecret}`).toString('base64')}` },
    });
    expect(await preset.json()).toMatchObject({
      name: 'schede-mediche',
      unsigned: false,
      settings: { type: 'authenticated', allowed_formats: 'pdf' },
    });

    const admin = await getAuth(getAdminApp()).getUserByEmail(ADMIN);
    expect(admin.customClaims).toMatchObject({ role: 'admin' });
    const invitation = await testInbox().waitFor(
      (message) => message.to.includes(ADMIN) && message.subject === "Invito all'area admin del portale",
    );
    expect(invitation.text).toContain(`${NETLIFY_SITE.ssl_url}/admin/imposta-password?`);
    await testInbox().waitFor((message) => message.to.includes(ADMIN) && message.subject === 'Prova di invio dal portale');

    // Netlify: the owned variables (never the local stack's own) in one create call, then one deploy;
    // the credentials as secrets, production's in the production context only (docs/security.md, "Deploy secrets").
    expect(state.netlifyWrites.map((write) => write.method)).toEqual(['POST']);
    const sent = new Map((state.netlifyWrites[0]?.body as NetlifyEnvEntry[]).map((entry) => [entry.key, entry]));
    expect(sent.get('SESSION_SECRET')).toEqual({
      key: 'SESSION_SECRET',
      scopes: ['functions'],
      is_secret: true,
      values: [{ context: 'production', value: env.SESSION_SECRET }],
    });
    expect(sent.get('STRIPE_WEBHOOK_SECRET')).toMatchObject({ is_secret: true, values: [{ context: 'production', value: 'whsec_test1' }] });
    for (const key of ['SMTP_URL', 'CLOUDINARY_API_KEY', 'CLOUDINARY_API_SECRET'])
      expect(sent.get(key), key).toMatchObject({ is_secret: true, values: [{ context: 'production' }] });
    // A test key moves no money: previews and branch deploys get it too.
    expect(sent.get('STRIPE_SECRET_KEY')).toMatchObject({
      is_secret: true,
      values: ['production', 'deploy-preview', 'branch-deploy'].map((context) => ({ context, value: SECRET_KEY })),
    });
    expect(sent.get('VITE_STRIPE_PUBLISHABLE_KEY')).toEqual({
      key: 'VITE_STRIPE_PUBLISHABLE_KEY',
      scopes: ['builds'],
      is_secret: false,
      values: [{ context: 'all', value: 'pk_test_setupCommand' }],
    });
    expect(sent.get('MAIL_FROM')).toMatchObject({ is_secret: false, values: [{ context: 'all' }] });
    // No secret in a context Netlify refuses for one.
    for (const entry of sent.values())
      if (entry.is_secret)
        expect(
          entry.values.map((value) => value.context),
          entry.key,
        ).not.toContain('all');
    expect(state.netlifyEnv.has('CLOUDINARY_API_URL')).toBe(false);
    expect(state.builds).toBe(1);
    expect(output).not.toContain(SECRET_KEY);
  });

  it('run again, finds everything in place and makes no write call', async () => {
    const envBefore = readFileSync(path.join(root, '.env'), 'utf8');
    const invitationsBefore = (await testInbox().messagesTo(ADMIN)).length;
    const before = calls.length;
    const { code, output } = await run(localAnswers());
    expect(code).toBe(0);
    const statuses = output.split('\n').filter((line) => /^[✓–] /.test(line) && !line.startsWith('✓ .env'));
    expect(statuses).toHaveLength(12);
    for (const line of statuses) expect(line).toMatch(/: (già a posto|saltato) \(/);
    expect(output).toContain('✓ .env: già a posto');
    expect(calls.slice(before).filter((call) => !call.startsWith('GET '))).toEqual([]);
    expect(readFileSync(path.join(root, '.env'), 'utf8')).toBe(envBefore);
    expect(state.builds).toBe(1);
    expect((await testInbox().messagesTo(ADMIN)).length).toBe(invitationsBefore);
  });

  it('stops at a wrong Stripe key with the Italian message and the page to open', async () => {
    const answers = localAnswers({ stripe: { mode: 'test', secretKey: 'sk_test_wrongKey', publishableKey: 'pk_test_setupCommand' } });
    const before = calls.length;
    const { code, output } = await run(answers);
    expect(code).toBe(1);
    expect(output).toContain('✗ Stripe: chiavi ed endpoint del webhook: Stripe non accetta la chiave segreta');
    expect(output).toContain('Apri: https://dashboard.stripe.com/test/apikeys');
    expect(output).not.toContain('Primo amministratore');
    expect(calls.slice(before).filter((call) => !call.startsWith('GET '))).toEqual([]);
  });
});

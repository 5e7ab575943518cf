import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Answers } from '../../../scripts/setup/answers';
import { netlifyEnvStep } from '../../../scripts/setup/steps/netlify-env';
import type { SetupContext } from '../../../scripts/setup/types';
import { launchHandlers, launchServices, NETLIFY_SITE, type LaunchServices, type NetlifyEnvEntry } from '../../support/launch-services';

/**
 * `npm run setup`'s last step, 'Variabili su Netlify e deploy'
 * (scripts/setup/steps/netlify-env.ts; docs/security.md, "Deploy secrets"):
 * the requests it sends to Netlify's API (answered by msw), for live keys,
 * for a site whose variables an earlier setup wrote for every context and
 * not as secrets, and for a secret changed by the run.
 */

const SESSION = 'setup-netlify-session-secret-0123456789-abcdefghij';
const LIVE = {
  FIREBASE_PROJECT_ID: 'gruppo-scout-esempio',
  FIREBASE_CLIENT_EMAIL: 'portal@gruppo-scout-esempio.iam.gserviceaccount.com',
  FIREBASE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n',
  VITE_FIREBASE_API_KEY: 'AIzaSyExample',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_setupNetlify',
  STRIPE_SECRET_KEY: 'sk_live_setupNetlify',
  STRIPE_WEBHOOK_SECRET: 'whsec_setupNetlify',
  CLOUDINARY_CLOUD_NAME: 'gruppo-scout',
  CLOUDINARY_API_KEY: '123456789012345',
  CLOUDINARY_API_SECRET: 'cloudinary-secret',
  CLOUDINARY_UPLOAD_PRESET: 'schede-mediche',
  SITE_URL: NETLIFY_SITE.ssl_url,
  SMTP_URL: 'smtp://portale%40example.org:password@smtp.example.org:587',
  MAIL_FROM: 'Gruppo Scout <portale@example.org>',
  SESSION_SECRET: SESSION,
};

let state: LaunchServices;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  state = launchServices();
  server.resetHandlers(...launchHandlers(state));
});

/** The step's context: `values` settled by the run, `.env` as it was when the run started. */
function contextWith(values: Record<string, string>, existingEnv: Record<string, string> = {}): SetupContext {
  return {
    answers: { netlify: { token: 'netlify-token', site: NETLIFY_SITE.name } } as Answers,
    root: '.',
    existingEnv,
    values: { ...values },
    firebase: { kind: 'project', projectId: LIVE.FIREBASE_PROJECT_ID, clientEmail: LIVE.FIREBASE_CLIENT_EMAIL, privateKey: '' },
    siteUrl: NETLIFY_SITE.ssl_url,
    netlifySite: { id: NETLIFY_SITE.id, accountId: NETLIFY_SITE.account_id, url: NETLIFY_SITE.ssl_url },
    print: () => {},
  };
}

/** The variables of every write call, by key (the last write of a key wins). */
function written(): Map<string, NetlifyEnvEntry> {
  const entries = state.netlifyWrites.flatMap((write) => (Array.isArray(write.body) ? write.body : [write.body])) as NetlifyEnvEntry[];
  return new Map(entries.map((entry) => [entry.key, entry]));
}

const contexts = (entry: NetlifyEnvEntry | undefined) => entry?.values.map((value) => value.context);

describe('npm run setup: the variables on Netlify', () => {
  it('with live keys, gives every credential to production alone, as a secret; previews get no Stripe key at all', async () => {
    const outcome = await netlifyEnvStep.apply(contextWith(LIVE));
    expect(outcome.status).toBe('creato');
    expect(state.netlifyWrites.map((write) => write.method)).toEqual(['POST']);
    const sent = written();
    expect(sent.get('STRIPE_SECRET_KEY')).toEqual({
      key: 'STRIPE_SECRET_KEY',
      scopes: ['functions'],
      is_secret: true,
      values: [{ context: 'production', value: LIVE.STRIPE_SECRET_KEY }],
    });
    // A live publishable key is public but takes real payments: production's pages only.
    expect(sent.get('VITE_STRIPE_PUBLISHABLE_KEY')).toMatchObject({
      is_secret: false,
      scopes: ['builds'],
      values: [{ context: 'production' }],
    });
    for (const key of [
      'SESSION_SECRET',
      'SMTP_URL',
      'CLOUDINARY_API_KEY',
      'CLOUDINARY_API_SECRET',
      'FIREBASE_PRIVATE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]) {
      expect(sent.get(key)?.is_secret, key).toBe(true);
      expect(contexts(sent.get(key)), key).toEqual(['production']);
    }
    expect(sent.get('FIREBASE_CLIENT_EMAIL')).toMatchObject({ is_secret: false, values: [{ context: 'production' }] });
    for (const key of ['FIREBASE_PROJECT_ID', 'VITE_FIREBASE_API_KEY', 'CLOUDINARY_CLOUD_NAME', 'SITE_URL', 'MAIL_FROM'])
      expect(sent.get(key), key).toMatchObject({ is_secret: false, values: [{ context: 'all', value: LIVE[key as keyof typeof LIVE] }] });
    expect(state.builds).toBe(1);
  });

  it('turns the variables an earlier setup wrote for every context into secrets of production, and leaves the public ones', async () => {
    for (const [key, value] of Object.entries(LIVE))
      state.netlifyEnv.set(key, { key, scopes: [key.startsWith('VITE_') ? 'builds' : 'functions'], values: [{ context: 'all', value }] });
    // .env already held every value: only the shape on Netlify is wrong.
    const outcome = await netlifyEnvStep.apply(contextWith(LIVE, LIVE));
    expect(outcome.status).toBe('aggiornato');
    expect(state.netlifyWrites.every((write) => write.method === 'PUT')).toBe(true);
    expect([...written().keys()].sort()).toEqual(
      [
        'CLOUDINARY_API_KEY',
        'CLOUDINARY_API_SECRET',
        'FIREBASE_CLIENT_EMAIL',
        'FIREBASE_PRIVATE_KEY',
        'SESSION_SECRET',
        'SMTP_URL',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'VITE_STRIPE_PUBLISHABLE_KEY',
      ].sort(),
    );
    expect(state.netlifyEnv.get('SESSION_SECRET')).toMatchObject({ is_secret: true, values: [{ context: 'production', value: SESSION }] });
    expect(state.builds).toBe(1);

    // Run again: Netlify lists the secrets without their values, and setup finds them in place.
    const writes = state.netlifyWrites.length;
    expect((await netlifyEnvStep.apply(contextWith(LIVE, LIVE))).status).toBe('già a posto');
    expect(state.netlifyWrites).toHaveLength(writes);
    expect(state.builds).toBe(1);
  });

  it('sends a secret again when the run settled a new value for it, though Netlify never shows the old one', async () => {
    await netlifyEnvStep.apply(contextWith(LIVE));
    const writes = state.netlifyWrites.length;
    const rotated = { ...LIVE, STRIPE_WEBHOOK_SECRET: 'whsec_setupNetlifyNew' };
    expect((await netlifyEnvStep.apply(contextWith(rotated, LIVE))).status).toBe('aggiornato');
    expect(state.netlifyWrites.slice(writes)).toEqual([
      {
        method: 'PUT',
        body: {
          key: 'STRIPE_WEBHOOK_SECRET',
          scopes: ['functions'],
          is_secret: true,
          values: [{ context: 'production', value: 'whsec_setupNetlifyNew' }],
        },
      },
    ]);
    expect(state.builds).toBe(2);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { responseForError } from '../../../netlify/lib/platform/http';
import { checkService, serviceConfig, ServiceNotConfiguredError } from '../../../netlify/lib/platform/server-env';
import { maxAmountCents, webhookSecretFromEnv } from '../../../netlify/lib/platform/stripe';

/** The server's environment (netlify/lib/platform/server-env.ts, docs/deploy.md): parsed settings, named problems, 503s. */

const PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----\\n';
const FILLED = {
  FIREBASE_PROJECT_ID: 'scout-portal-prod',
  FIREBASE_CLIENT_EMAIL: 'portal@scout-portal-prod.iam.gserviceaccount.com',
  FIREBASE_PRIVATE_KEY: PRIVATE_KEY,
  STRIPE_SECRET_KEY: 'sk_live_SERVERENVSECRET123',
  STRIPE_WEBHOOK_SECRET: 'whsec_SERVERENVWEBHOOK',
  STRIPE_MAX_AMOUNT_CENTS: '250000',
  CLOUDINARY_CLOUD_NAME: 'scout-cloud',
  CLOUDINARY_API_KEY: '123456789012345',
  CLOUDINARY_API_SECRET: 'CLOUDINARYSECRETVALUE',
  CLOUDINARY_UPLOAD_PRESET: 'schede-mediche',
  CLOUDINARY_API_URL: '',
  SITE_URL: 'https://scout.example.org/',
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('serviceConfig', () => {
  it('parses each service of a filled environment', () => {
    expect(serviceConfig('firebase', FILLED)).toEqual({
      mode: 'service-account',
      projectId: 'scout-portal-prod',
      clientEmail: FILLED.FIREBASE_CLIENT_EMAIL,
      privateKey: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----',
    });
    expect(serviceConfig('stripe', FILLED)).toEqual({
      secretKey: FILLED.STRIPE_SECRET_KEY,
      webhookSecret: FILLED.STRIPE_WEBHOOK_SECRET,
      maxAmountCents: 250000,
    });
    expect(serviceConfig('cloudinary', { ...FILLED, CLOUDINARY_API_URL: 'http://127.0.0.1:9300/' })).toEqual({
      cloudName: 'scout-cloud',
      apiKey: '123456789012345',
      apiSecret: 'CLOUDINARYSECRETVALUE',
      uploadPreset: 'schede-mediche',
      apiUrl: 'http://127.0.0.1:9300',
    });
    expect(serviceConfig('site', FILLED)).toEqual({ url: 'https://scout.example.org' });
  });

  it("takes Netlify's URL when SITE_URL is not set", () => {
    expect(serviceConfig('site', { URL: 'https://scout.netlify.app' })).toEqual({ url: 'https://scout.netlify.app' });
  });

  it('runs Firebase on the emulators with no credential when an emulator host is set', () => {
    expect(serviceConfig('firebase', { FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' })).toEqual({
      mode: 'emulators',
      projectId: 'demo-scout-portal',
    });
    expect(serviceConfig('firebase', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', GCLOUD_PROJECT: 'demo-x' })).toMatchObject({
      projectId: 'demo-x',
    });
  });

  it('names the missing variables of an empty environment, blank values counting as missing', () => {
    const problems = (service: Parameters<typeof serviceConfig>[0]) => {
      try {
        serviceConfig(service, { STRIPE_SECRET_KEY: '   ' });
      } catch (error) {
        expect(error).toBeInstanceOf(ServiceNotConfiguredError);
        return (error as ServiceNotConfiguredError).missing;
      }
      throw new Error(`${service} parsed`);
    };
    expect(problems('firebase')).toEqual(['FIREBASE_PROJECT_ID', 'FIREBASE_CLIENT_EMAIL', 'FIREBASE_PRIVATE_KEY']);
    expect(problems('stripe')).toEqual(['STRIPE_SECRET_KEY']);
    expect(problems('cloudinary')).toEqual(['CLOUDINARY_CLOUD_NAME', 'CLOUDINARY_API_KEY', 'CLOUDINARY_API_SECRET']);
    expect(problems('site')).toEqual(['SITE_URL']);
  });

  it('names malformed values as invalid without quoting them', () => {
    const env = {
      ...FILLED,
      STRIPE_SECRET_KEY: 'pk_live_PUBLISHABLEINSTEAD',
      STRIPE_MAX_AMOUNT_CENTS: '12.5',
      FIREBASE_PRIVATE_KEY: 'not-a-key',
      FIREBASE_CLIENT_EMAIL: 'nobody',
    };
    const errorOf = (service: 'stripe' | 'firebase') => {
      try {
        serviceConfig(service, env);
      } catch (error) {
        return error as ServiceNotConfiguredError;
      }
      throw new Error(`${service} parsed`);
    };
    expect(errorOf('stripe')).toMatchObject({ missing: [], invalid: ['STRIPE_SECRET_KEY', 'STRIPE_MAX_AMOUNT_CENTS'] });
    expect(errorOf('firebase').invalid).toEqual(['FIREBASE_CLIENT_EMAIL', 'FIREBASE_PRIVATE_KEY']);
    expect(errorOf('stripe').message).not.toContain('PUBLISHABLEINSTEAD');
  });
});

describe('checkService (health, check:env)', () => {
  it('asks for the webhook secret and the upload preset, which the functions can run without', () => {
    const env = { ...FILLED, STRIPE_WEBHOOK_SECRET: '', CLOUDINARY_UPLOAD_PRESET: '' };
    expect(serviceConfig('stripe', env).webhookSecret).toBeNull();
    expect(serviceConfig('cloudinary', env).uploadPreset).toBe('');
    expect(checkService('stripe', env)).toEqual({ configured: false, missing: ['STRIPE_WEBHOOK_SECRET'], invalid: [] });
    expect(checkService('cloudinary', env)).toEqual({ configured: false, missing: ['CLOUDINARY_UPLOAD_PRESET'], invalid: [] });
    expect(checkService('stripe', FILLED).configured).toBe(true);
  });
});

describe('the 503 of a function whose service is not configured', () => {
  // What every function does with a handler's error (contractFunction).
  const post = () => {
    try {
      return Promise.resolve(new Response(String(maxAmountCents())));
    } catch (error) {
      return Promise.resolve(responseForError(error, 'demo-fn'));
    }
  };

  it('answers 503 with the Italian message and logs the names, never the values', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('STRIPE_SECRET_KEY', 'pk_test_WRONGKINDOFKEY');
    vi.stubEnv('STRIPE_MAX_AMOUNT_CENTS', '');
    const response = await post();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'Il pagamento con carta non è configurato.' });
    const logged = log.mock.calls.flat().map(String).join('\n');
    expect(logged).toBe('[demo-fn] invalid STRIPE_SECRET_KEY');
    expect(logged).not.toContain('WRONGKINDOFKEY');
  });

  it('reads the configured maximum once Stripe is configured', async () => {
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_SERVERENV');
    vi.stubEnv('STRIPE_MAX_AMOUNT_CENTS', '25000');
    expect(await (await post()).text()).toBe('25000');
  });

  it('refuses the webhook without its secret, naming it', () => {
    expect(() => webhookSecretFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      'stripe is not configured: missing STRIPE_WEBHOOK_SECRET',
    );
  });
});

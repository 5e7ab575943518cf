import { describe, expect, it } from 'vitest';
import { readAppEnv } from '@/config/env';

describe('readAppEnv', () => {
  it('reads every service, trimmed', () => {
    expect(
      readAppEnv({
        VITE_FIREBASE_API_KEY: ' key ',
        VITE_FIREBASE_PROJECT_ID: 'demo-x',
        VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        VITE_CLOUDINARY_UPLOAD_URL: 'http://127.0.0.1:9300/v1_1/demo/auto/upload',
      }),
    ).toEqual({
      firebase: {
        apiKey: 'key',
        projectId: 'demo-x',
        authDomain: undefined,
        appId: undefined,
        authEmulatorUrl: undefined,
        firestoreEmulatorHost: undefined,
      },
      stripePublishableKey: 'pk_test_1',
      cloudinaryUploadUrl: 'http://127.0.0.1:9300/v1_1/demo/auto/upload',
    });
  });

  it('reads a missing or blank service as not configured, and a malformed URL as missing', () => {
    expect(
      readAppEnv({ VITE_FIREBASE_API_KEY: 'key', VITE_STRIPE_PUBLISHABLE_KEY: '  ', VITE_CLOUDINARY_UPLOAD_URL: 'not a url' }),
    ).toEqual({
      firebase: null,
      stripePublishableKey: null,
      cloudinaryUploadUrl: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { readAppEnv } from '@config/env';

describe('readAppEnv', () => {
  it('reads every service, trimmed', () => {
    expect(
      readAppEnv({
        VITE_FIREBASE_API_KEY: ' key ',
        VITE_FIREBASE_PROJECT_ID: 'demo-x',
        VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
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
    });
  });

  it('reads a missing or blank service as not configured', () => {
    expect(readAppEnv({ VITE_FIREBASE_API_KEY: 'key', VITE_STRIPE_PUBLISHABLE_KEY: '  ' })).toEqual({
      firebase: null,
      stripePublishableKey: null,
    });
  });
});

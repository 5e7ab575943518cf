import type { Firestore } from 'firebase-admin/firestore';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import stripeWebhook from '../../netlify/functions/stripe-webhook';
import { onlyEmulatorUnhandled, resetToDemoData, useEmulatorDb } from './server-db';
import { functionContext } from './function-context';

/** The Stripe keys a test file's functions are given. */
export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

/**
 * The set-up of a test file of the card-payment functions: the file's own
 * Firestore project, reset to the demo data before each test; Stripe's API
 * replaced at its HTTP edge by msw with `handlers` (any other request but the
 * emulator's fails the test); the Stripe keys in the environment; the
 * functions' expected log lines silenced. Returns the database (once the
 * file has started) and the msw server.
 */
export function stripeTestbed(projectId: string, keys: StripeKeys, ...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  let db: Firestore | undefined;
  beforeAll(async () => {
    db = await useEmulatorDb(projectId);
    server.listen({ onUnhandledRequest: onlyEmulatorUnhandled });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    if (db) await resetToDemoData(db, projectId);
    vi.stubEnv('STRIPE_SECRET_KEY', keys.secretKey);
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', keys.webhookSecret);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });
  return {
    server,
    db: () => {
      if (!db) throw new Error('The test file has not started');
      return db;
    },
  };
}

/**
 * Delivers a Stripe event (its JSON `payload`) to stripe-webhook: signed with
 * `secret` as Stripe signs it (Stripe's own test helper), unless a
 * `signature` header is given (null: no header at all).
 */
export function deliverStripeEvent(
  payload: string,
  { secret, signature, method = 'POST' }: { secret: string; signature?: string | null; method?: string },
): Promise<Response> {
  const header = signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret }) : signature;
  return stripeWebhook(
    new Request('http://localhost/.netlify/functions/stripe-webhook', {
      method,
      headers: header ? { 'stripe-signature': header } : {},
      ...(method === 'POST' ? { body: payload } : {}),
    }),
    functionContext(),
  );
}

import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import createPaymentIntent from '../../../netlify/functions/create-payment-intent';

const SECRET = 'sk_test_dummy';
let stripeRequests: URLSearchParams[] = [];
let stripeAnswer: () => Response = () => HttpResponse.json({ id: 'pi_123', object: 'payment_intent', client_secret: 'pi_123_secret_abc' });

const server = setupServer(
  http.post('https://api.stripe.com/v1/payment_intents', async ({ request }) => {
    stripeRequests.push(new URLSearchParams(await request.text()));
    expect(request.headers.get('authorization')).toBe(`Bearer ${SECRET}`);
    return stripeAnswer();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  vi.stubEnv('STRIPE_SECRET_KEY', SECRET);
  vi.stubEnv('STRIPE_MAX_AMOUNT_CENTS', '');
  vi.spyOn(console, 'error').mockImplementation(() => {});
  stripeRequests = [];
  stripeAnswer = () => HttpResponse.json({ id: 'pi_123', object: 'payment_intent', client_secret: 'pi_123_secret_abc' });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const call = (body: unknown, method = 'POST') =>
  createPaymentIntent(
    new Request('http://localhost/.netlify/functions/create-payment-intent', {
      method,
      ...(method === 'GET' ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }),
  );

async function expectError(response: Response, status: number, message: RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ error: expect.stringMatching(message) });
  expect(text).not.toContain(SECRET);
  expect(text).not.toMatch(/at .*\.ts:\d+/);
}

describe('create-payment-intent', () => {
  it('creates a EUR PaymentIntent with automatic payment methods and returns its client secret', async () => {
    const response = await call({ amount: 25497 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ checkoutSessionClientSecret: 'pi_123_secret_abc' });
    expect(stripeRequests).toHaveLength(1);
    const sent = stripeRequests[0] as URLSearchParams;
    expect(sent.get('amount')).toBe('25497');
    expect(sent.get('currency')).toBe('eur');
    expect(sent.get('automatic_payment_methods[enabled]')).toBe('true');
  });

  it.each([
    ['malformed JSON', '{amount: 1', /Richiesta non valida/],
    ['a body without amount', { total: 100 }, /Richiesta non valida/],
    ['a JSON array', [1, 2], /Richiesta non valida/],
    ['a string amount', { amount: '100' }, /numero intero/],
    ['a fractional amount', { amount: 254.97 }, /numero intero/],
    ['a zero amount', { amount: 0 }, /maggiore di zero/],
    ['a negative amount', { amount: -100 }, /maggiore di zero/],
    ["an amount under Stripe's minimum", { amount: 49 }, /minimo/],
    ['an amount over the maximum', { amount: 500_001 }, /massimo/],
  ])('answers 400 to %s without calling Stripe', async (_label, body, message) => {
    await expectError(await call(body), 400, message);
    expect(stripeRequests).toHaveLength(0);
  });

  it('honours a configured maximum', async () => {
    vi.stubEnv('STRIPE_MAX_AMOUNT_CENTS', '10000');
    await expectError(await call({ amount: 10_001 }), 400, /10000 centesimi/);
    expect((await call({ amount: 10_000 })).status).toBe(200);
  });

  it('answers 405 to other methods', async () => {
    const response = await call(undefined, 'GET');
    await expectError(response, 405, /POST/);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers 503 when STRIPE_SECRET_KEY is not set', async () => {
    vi.stubEnv('STRIPE_SECRET_KEY', '');
    await expectError(await call({ amount: 1000 }), 503, /non è configurato/);
    expect(stripeRequests).toHaveLength(0);
  });

  it('turns a Stripe error into a 502 with a clear message', async () => {
    stripeAnswer = () =>
      HttpResponse.json(
        { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${SECRET}` } },
        { status: 401 },
      );
    await expectError(await call({ amount: 1000 }), 502, /servizio di pagamento/);
  });

  it('turns a network failure into a 502', async () => {
    stripeAnswer = () => HttpResponse.error();
    await expectError(await call({ amount: 1000 }), 502, /servizio di pagamento/);
  });
});

import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import createPaymentIntent from '../../../netlify/functions/create-payment-intent';
import { forgetSeasonSettings } from '../../../netlify/lib/season/season-settings';
import { SEASON } from '@config/season';
import { productIdOfPlan } from '@domain/catalogue/season-catalogue';
import { DEMO_FAMILIES, DEMO_ORDERS } from '../../../emulators/seed/demo-data';
import { childFiscalCode } from '../../../emulators/seed/seed';
import { onlyEmulatorUnhandled, resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { browserRequest, functionContext } from '../../support/function-context';
import { sessionHeaders } from '../../support/family-session';

const PROJECT = 'demo-create-payment-intent';
const SECRET = 'sk_test_create_payment_intent_dummy';
const ROSSI = 'RSSMRA80C12H501E';
const VERDI = 'VRDPLA78S23H501P';
const BIANCHI = 'BNCNNA84L45B114C';

/** One request Stripe received: its form parameters and idempotency key. */
interface StripeCall {
  params: URLSearchParams;
  idempotencyKey: string | null;
}

let db: Firestore;
let stripeCalls: StripeCall[] = [];
/** Like Stripe: the same idempotency key answers the same PaymentIntent. */
let intentsByKey = new Map<string, string>();
let stripeAnswer: ((id: string) => Response) | null = null;

const server = setupServer(
  http.post('https://api.stripe.com/v1/payment_intents', async ({ request }) => {
    expect(request.headers.get('authorization')).toBe(`Bearer ${SECRET}`);
    const idempotencyKey = request.headers.get('idempotency-key');
    stripeCalls.push({ params: new URLSearchParams(await request.text()), idempotencyKey });
    const id = intentsByKey.get(idempotencyKey ?? '') ?? `pi_${intentsByKey.size + 1}Test`;
    intentsByKey.set(idempotencyKey ?? '', id);
    if (stripeAnswer) return stripeAnswer(id);
    return HttpResponse.json({ id, object: 'payment_intent', client_secret: `${id}_secret_abc`, status: 'requires_payment_method' });
  }),
);

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
  await resetToDemoData(db, PROJECT);
  server.listen({ onUnhandledRequest: onlyEmulatorUnhandled });
});
afterAll(() => server.close());
beforeEach(() => {
  vi.stubEnv('STRIPE_SECRET_KEY', SECRET);
  vi.stubEnv('STRIPE_MAX_AMOUNT_CENTS', '');
  vi.spyOn(console, 'error').mockImplementation(() => {});
  stripeCalls = [];
  intentsByKey = new Map();
  stripeAnswer = null;
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const call = async (body: unknown, method = 'POST') =>
  createPaymentIntent(
    browserRequest('http://localhost/.netlify/functions/create-payment-intent', {
      method,
      headers: await sessionHeaders(body),
      ...(method === 'GET' ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }),
    functionContext(),
  );

const order = (cf: string, product: string, children: Array<{ id: string; size?: string }>, idempotencyKey: string = randomUUID()) => ({
  cf,
  product,
  children,
  idempotencyKey,
});

const rossiAcconto = (idempotencyKey?: string) =>
  order(ROSSI, 'campo-acconto', [{ id: 'son-rossi-marco' }, { id: 'son-rossi-giulia' }], idempotencyKey);

async function expectError(response: Response, status: number, message: string | RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ error: typeof message === 'string' ? message : expect.stringMatching(message) });
  expect(text).not.toContain(SECRET);
  expect(text).not.toMatch(/at .*\.ts:\d+/);
}

async function countDocuments(collection: string): Promise<number> {
  return (await db.collection(collection).count().get()).data().count;
}

const lastCall = () => stripeCalls.at(-1) as StripeCall;

describe('create-payment-intent: pricing on the server', () => {
  it("prices Rossi's Acconto for Marco and Giulia: 250 € + 4,97 € = 254,97 €, 25497 cents, with metadata", async () => {
    const response = await call(rossiAcconto());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      checkoutSessionClientSecret: 'pi_1Test_secret_abc',
      amountEuros: 250,
      contributionEuros: 0,
      feeEuros: 4.97,
      totalEuros: 254.97,
    });
    expect(stripeCalls).toHaveLength(1);
    const { params } = lastCall();
    expect(params.get('amount')).toBe('25497');
    expect(params.get('currency')).toBe('eur');
    expect(params.get('automatic_payment_methods[enabled]')).toBe('true');
    expect(params.get('metadata[family_id]')).toBe('family-rossi');
    expect(params.get('metadata[product]')).toBe('campo-acconto');
    expect(params.get('metadata[children]')).toBe('son-rossi-marco,son-rossi-giulia');
    expect(params.get('metadata[solidarity_contribution]')).toBe('0.00');
  });

  it("adds the parent's 'Contributo al fondo di solidarietà' to the card total, the fee on both, and keeps it in the metadata", async () => {
    const response = await call({ ...rossiAcconto(), solidarityContributionEuros: 12.5 });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ amountEuros: 250, contributionEuros: 12.5, feeEuros: 5.2, totalEuros: 267.7 });
    expect(lastCall().params.get('amount')).toBe('26770');
    expect(lastCall().params.get('metadata[solidarity_contribution]')).toBe('12.50');
  });

  it('makes a new PaymentIntent when only the contribution changes', async () => {
    const key = randomUUID();
    await call({ ...rossiAcconto(key), solidarityContributionEuros: 10 });
    await call({ ...rossiAcconto(key), solidarityContributionEuros: 20 });
    expect(stripeCalls).toHaveLength(2);
    expect(stripeCalls[1]?.idempotencyKey).not.toBe(stripeCalls[0]?.idempotencyKey);
  });

  it("with the season's card fee switched off, asks Stripe for the items' total and says so in the metadata", async () => {
    await db.collection('season_settings').doc(String(SEASON.campYear)).set({
      season: SEASON.campYear,
      card_fee: false,
      updated_at: new Date(),
      updated_by: 'tesoriere@example.com',
    });
    forgetSeasonSettings();
    try {
      const response = await call(rossiAcconto());
      expect(await response.json()).toMatchObject({ amountEuros: 250, feeEuros: 0, totalEuros: 250 });
      expect(lastCall().params.get('amount')).toBe('25000');
      expect(lastCall().params.get('metadata[card_fee]')).toBe('0');
    } finally {
      await db.collection('season_settings').doc(String(SEASON.campYear)).delete();
      forgetSeasonSettings();
    }
  });

  it("prices Verdi's six children on the Saldo in tick order: 180 + 4 × 155 + 0 = 800 €", async () => {
    const children = ['andrea', 'chiara', 'matteo', 'sofia', 'tommaso', 'alice'].map((name) => ({ id: `son-verdi-${name}` }));
    const response = await call(order(VERDI, 'campo-saldo', children));
    expect(await response.json()).toMatchObject({ amountEuros: 800, feeEuros: 15.22, totalEuros: 815.22 });
    expect(lastCall().params.get('amount')).toBe('81522');
    expect(lastCall().params.get('metadata[children]')).toBe(children.map((child) => child.id).join(','));
  });

  it("prices Sara Bianchi's Felpa Reparto with its size: 30 € + 0,87 €", async () => {
    const response = await call(order(BIANCHI, 'felpa', [{ id: 'son-bianchi-sara', size: 'M' }]));
    expect(await response.json()).toMatchObject({ amountEuros: 30, feeEuros: 0.87, totalEuros: 30.87 });
    expect(lastCall().params.get('amount')).toBe('3087');
    expect(lastCall().params.get('metadata[product]')).toBe('felpa');
    expect(lastCall().params.get('metadata[children]')).toBe('son-bianchi-sara:M');
  });

  it('prices two Magliette Gruppo of any branch: 2 × 15 €, sizes in tick order', async () => {
    const response = await call(
      order(ROSSI, 'maglietta', [
        { id: 'son-rossi-luca', size: 'XS' },
        { id: 'son-rossi-giulia', size: '2XL' },
      ]),
    );
    expect(await response.json()).toMatchObject({ amountEuros: 30, feeEuros: 0.87, totalEuros: 30.87 });
    expect(lastCall().params.get('amount')).toBe('3087');
    expect(lastCall().params.get('metadata[children]')).toBe('son-rossi-luca:XS,son-rossi-giulia:2XL');
  });

  it('ignores an amount, prices and a status slipped into the request', async () => {
    const tampered = {
      ...rossiAcconto(),
      amount: 1,
      totalCents: 1,
      price: 0,
      status: 'Confermato',
      family_id: 'family-bianchi',
      children: [
        { id: 'son-rossi-marco', price: 0 },
        { id: 'son-rossi-giulia', priceEuros: 1 },
      ],
    };
    const response = await call(tampered);
    expect(await response.json()).toMatchObject({ amountEuros: 250, totalEuros: 254.97 });
    expect(lastCall().params.get('amount')).toBe('25497');
    expect(lastCall().params.get('metadata[family_id]')).toBe('family-rossi');
  });

  it('writes nothing to Firestore: the order is recorded only once paid', async () => {
    const before = await Promise.all(['orders', 'order_items', 'payments'].map(countDocuments));
    expect((await call(rossiAcconto())).status).toBe(200);
    expect(await Promise.all(['orders', 'order_items', 'payments'].map(countDocuments))).toEqual(before);
  });
});

describe('create-payment-intent: the solidarity contribution', () => {
  it.each([-1, 500.01, 12.345, '10', null])('refuses a contribution of %j with 400 in Italian, before Stripe', async (contribution) => {
    const body = { ...order(ROSSI, 'campo-acconto', [{ id: 'son-rossi-marco' }]), solidarityContributionEuros: contribution };
    await expectError(
      await call(body),
      400,
      'Contributo al fondo di solidarietà non valido: indica un importo da 0 a 500 € con al massimo due decimali.',
    );
    expect(stripeCalls).toHaveLength(0);
  });

  it('accepts 500 € exactly', async () => {
    const response = await call({ ...rossiAcconto(), solidarityContributionEuros: 500 });
    expect(await response.json()).toMatchObject({ amountEuros: 250, contributionEuros: 500 });
    expect(lastCall().params.get('metadata[solidarity_contribution]')).toBe('500.00');
  });
});

describe('create-payment-intent: idempotency', () => {
  it('sends a Stripe idempotency key: the same attempt with the same cart gets the same PaymentIntent', async () => {
    const key = randomUUID();
    const first = (await (await call(rossiAcconto(key))).json()) as { checkoutSessionClientSecret: string };
    const second = (await (await call(rossiAcconto(key))).json()) as { checkoutSessionClientSecret: string };
    expect(stripeCalls).toHaveLength(2);
    expect(stripeCalls[0]?.idempotencyKey).toMatch(/^create-payment-intent-[0-9a-f]{64}$/);
    expect(stripeCalls[1]?.idempotencyKey).toBe(stripeCalls[0]?.idempotencyKey);
    expect(second.checkoutSessionClientSecret).toBe(first.checkoutSessionClientSecret);
  });

  it('makes a new PaymentIntent when the cart, the tick order, a size or the attempt changes', async () => {
    const key = randomUUID();
    await call(rossiAcconto(key));
    await call(order(ROSSI, 'campo-acconto', [{ id: 'son-rossi-marco' }], key));
    await call(order(ROSSI, 'campo-acconto', [{ id: 'son-rossi-giulia' }, { id: 'son-rossi-marco' }], key));
    await call(order(ROSSI, 'campo-saldo', [{ id: 'son-rossi-marco' }, { id: 'son-rossi-giulia' }], key));
    await call(order(ROSSI, 'maglietta', [{ id: 'son-rossi-marco', size: 'M' }], key));
    await call(order(ROSSI, 'maglietta', [{ id: 'son-rossi-marco', size: 'L' }], key));
    await call(rossiAcconto(randomUUID()));
    const keys = stripeCalls.map((stripeCall) => stripeCall.idempotencyKey);
    expect(new Set(keys).size).toBe(7);
  });

  it("does not let one family's idempotency key reach another family's PaymentIntent", async () => {
    const key = randomUUID();
    await call(order(ROSSI, 'maglietta', [{ id: 'son-rossi-marco', size: 'M' }], key));
    await call(order(BIANCHI, 'maglietta', [{ id: 'son-bianchi-sara', size: 'M' }], key));
    expect(stripeCalls[1]?.idempotencyKey).not.toBe(stripeCalls[0]?.idempotencyKey);
  });
});

describe('create-payment-intent: refused requests (nothing sent to Stripe)', () => {
  const unknownCf = childFiscalCode(
    { id: 'x', surname: 'Gialli', parents: [], children: [] },
    { id: 'y', name: 'Ugo', gender: 'M', birthDate: '1980-01-01', branch: 'Clan' },
  );

  it.each([
    [
      'a child of another family',
      order(ROSSI, 'campo-acconto', [{ id: 'son-rossi-marco' }, { id: 'son-bianchi-sara' }]),
      400,
      'Uno dei figli indicati non appartiene a questa famiglia.',
    ],
    [
      'a felpa for a Clan child',
      order(ROSSI, 'felpa', [{ id: 'son-rossi-giulia', size: 'M' }]),
      400,
      'Giulia non è in Reparto: «Felpa Reparto» è solo per Reparto.',
    ],
    ['a felpa without size', order(ROSSI, 'felpa', [{ id: 'son-rossi-marco' }]), 400, 'Scegli la taglia di Marco.'],
    [
      'a size on the camp',
      order(ROSSI, 'campo-acconto', [{ id: 'son-rossi-marco', size: 'M' }]),
      400,
      'La taglia si indica solo per felpe e magliette.',
    ],
    [
      'a child named twice',
      order(ROSSI, 'campo-acconto', [{ id: 'son-rossi-marco' }, { id: 'son-rossi-marco' }]),
      400,
      'Un figlio è indicato più di una volta.',
    ],
    ['no children', order(ROSSI, 'campo-acconto', []), 400, 'Seleziona almeno un figlio.'],
    ['an unknown product', order(ROSSI, 'cappellino', [{ id: 'son-rossi-marco' }]), 400, /Prodotto non valido/],
    [
      'an invalid fiscal code',
      order('RSSMRA80C12H501X', 'campo-acconto', [{ id: 'son-rossi-marco' }]),
      400,
      'Inserisci un codice fiscale valido',
    ],
    [
      'an unknown fiscal code',
      order(unknownCf, 'campo-acconto', [{ id: 'son-rossi-marco' }]),
      404,
      'Il codice fiscale inserito non risulta nei nostri sistemi',
    ],
    [
      'a missing idempotency key',
      { cf: ROSSI, product: 'campo-acconto', children: [{ id: 'son-rossi-marco' }] },
      400,
      /Richiesta non valida|idempotenza/,
    ],
    [
      'an idempotency key that is not a UUID',
      order(ROSSI, 'campo-acconto', [{ id: 'son-rossi-marco' }], 'abc'),
      400,
      'Chiave di idempotenza non valida: atteso un UUID.',
    ],
    ['the old {amount} body', { amount: 25497 }, 400, /./],
    ['a JSON array', [1, 2], 400, /Richiesta non valida/],
    ['malformed JSON', '{amount: 1', 400, 'Richiesta non valida: il corpo deve essere JSON.'],
  ])('answers %s with its Italian message', async (_label, body, status, message) => {
    await expectError(await call(body), status, message);
    expect(stripeCalls).toHaveLength(0);
  });

  it('refuses a total over the configured maximum', async () => {
    vi.stubEnv('STRIPE_MAX_AMOUNT_CENTS', '25000');
    await expectError(await call(rossiAcconto()), 400, /massimo consentito \(25000 centesimi\)/);
    expect(stripeCalls).toHaveLength(0);
    expect((await call(order(ROSSI, 'campo-acconto', [{ id: 'son-rossi-marco' }]))).status).toBe(200);
  });

  it('answers 405 to other methods', async () => {
    const response = await call(undefined, 'GET');
    await expectError(response, 405, /POST/);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('create-payment-intent: one product per child and season', () => {
  it('refuses a forged second Acconto for Sara Bianchi (paid online in the demo data) with 409 in Italian, before Stripe', async () => {
    await expectError(
      await call(order(BIANCHI, 'campo-acconto', [{ id: 'son-bianchi-sara' }])),
      409,
      'Sara: Campo Estivo - Acconto risulta già pagato o in attesa di bonifico per questa stagione. Non serve pagarlo di nuovo.',
    );
    expect(stripeCalls).toHaveLength(0);
  });

  it('still accepts the Saldo for Sara after her Acconto', async () => {
    const response = await call(order(BIANCHI, 'campo-saldo', [{ id: 'son-bianchi-sara' }]));
    expect(response.status).toBe(200);
    expect(stripeCalls).toHaveLength(1);
    expect(lastCall().params.get('metadata[product]')).toBe('campo-saldo');
  });

  it('refuses the demo Verdi merchandise awaiting its transfer, naming the children; their Saldo stays open', async () => {
    const demo = DEMO_ORDERS.find((each) => each.familyId === 'family-verdi' && each.season === SEASON.campYear);
    const plan = demo?.items[0]?.plan;
    if (!demo || !plan) throw new Error('The demo data has no Verdi order of this season');
    // In reverse order: the message names them in tick order.
    const held = [...demo.items].reverse();
    const nameOf = (id: string) => DEMO_FAMILIES.flatMap((family) => family.children).find((child) => child.id === id)?.name;
    const request = order(
      VERDI,
      productIdOfPlan(plan),
      held.map((item) => ({ id: item.childId, size: item.note || 'M' })),
    );
    await expectError(
      await call(request),
      409,
      `${held.map((item) => nameOf(item.childId)).join(', ')}: ${plan} risulta già pagato o in attesa di bonifico per questa stagione. Non serve pagarlo di nuovo.`,
    );
    expect(stripeCalls).toHaveLength(0);
    const saldo = order(
      VERDI,
      'campo-saldo',
      demo.items.map((item) => ({ id: item.childId })),
    );
    expect((await call(saldo)).status).toBe(200);
  });
});

describe('create-payment-intent: configuration and Stripe failures', () => {
  it('answers 503 when STRIPE_SECRET_KEY is not set', async () => {
    vi.stubEnv('STRIPE_SECRET_KEY', '');
    await expectError(await call(rossiAcconto()), 503, 'Il pagamento con carta non è configurato.');
    expect(stripeCalls).toHaveLength(0);
  });

  it('turns a Stripe error into a 502 and logs its type and message without the key', async () => {
    stripeAnswer = () =>
      HttpResponse.json({ error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${SECRET}` } }, { status: 401 });
    await expectError(await call(rossiAcconto()), 502, /servizio di pagamento/);
    const logged = vi.mocked(console.error).mock.calls.flat().map(String).join('\n');
    expect(logged).toContain('StripeAuthenticationError: Invalid API Key provided: [redacted]');
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('turns a network failure into a 502', async () => {
    stripeAnswer = () => HttpResponse.error();
    await expectError(await call(rossiAcconto()), 502, /servizio di pagamento/);
  });

  it('turns a PaymentIntent without client secret into a 502', async () => {
    stripeAnswer = (id) => HttpResponse.json({ id, object: 'payment_intent', client_secret: null });
    await expectError(await call(rossiAcconto()), 502, /servizio di pagamento/);
  });
});

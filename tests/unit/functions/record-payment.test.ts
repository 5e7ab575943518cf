import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import recordPayment from '../../../netlify/functions/record-payment';
import { deliverStripeEvent, stripeTestbed } from '../../support/stripe-testbed';
import { browserRequest, functionContext } from '../../support/function-context';
import { sessionCookie } from '../../support/family-session';

const PROJECT = 'demo-record-payment';
const SECRET_KEY = 'sk_test_record_payment_dummy';
const WEBHOOK_SECRET = 'whsec_test_record_payment_dummy';

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  status: string;
  amount: number;
  amount_received: number;
  currency: string;
  metadata: Record<string, string>;
  /** What `expand: ['latest_charge']` returns. */
  latest_charge?: { object: 'charge'; refunded: boolean; amount_refunded: number; disputed: boolean };
}

let sequence = 0;
/** The PaymentIntents Stripe knows, by id. */
let intents = new Map<string, FakeIntent>();
/** The ids Stripe was asked for. */
let retrieved: string[] = [];
let stripeDown: (() => Response) | null = null;

const testbed = stripeTestbed(
  PROJECT,
  { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
  http.get('https://api.stripe.com/v1/payment_intents/:id', ({ request, params }) => {
    expect(request.headers.get('authorization')).toBe(`Bearer ${SECRET_KEY}`);
    const id = String(params.id);
    retrieved.push(id);
    if (stripeDown) return stripeDown();
    const intent = intents.get(id);
    if (!intent) {
      return HttpResponse.json(
        { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${id}'` } },
        { status: 404 },
      );
    }
    // Stripe answers the charge itself only when asked to expand it; otherwise its id.
    const expanded = [...new URL(request.url).searchParams].some(
      ([name, value]) => /^expand\[\d*\]$/.test(name) && value === 'latest_charge',
    );
    return HttpResponse.json(intent.latest_charge && !expanded ? { ...intent, latest_charge: `ch_${id}` } : intent);
  }),
);
const db = () => testbed.db();

beforeEach(() => {
  intents = new Map();
  retrieved = [];
  stripeDown = null;
});

/** Makes Stripe know a PaymentIntent (Rossi's Acconto for Marco and Giulia, succeeded, unless told). */
function stripeKnows(fields: Partial<FakeIntent> = {}): FakeIntent {
  sequence += 1;
  const intent: FakeIntent = {
    id: `pi_record${Date.now()}n${sequence}`,
    object: 'payment_intent',
    status: 'succeeded',
    amount: 25497,
    amount_received: 25497,
    currency: 'eur',
    metadata: { family_id: 'family-rossi', product: 'campo-acconto', children: 'son-rossi-marco,son-rossi-giulia' },
    ...fields,
  };
  intents.set(intent.id, intent);
  return intent;
}

const call = async (body: unknown, method = 'POST', sessionFamily = 'family-rossi') =>
  recordPayment(
    browserRequest('http://localhost/.netlify/functions/record-payment', {
      method,
      headers: { cookie: await sessionCookie(sessionFamily) },
      ...(method === 'POST' ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    }),
    functionContext(),
  );

/** Delivers the signed payment_intent.succeeded event of `intent` to the webhook. */
function deliverWebhook(intent: FakeIntent) {
  const payload = JSON.stringify({ id: `evt_${intent.id}`, object: 'event', type: 'payment_intent.succeeded', data: { object: intent } });
  return deliverStripeEvent(payload, { secret: WEBHOOK_SECRET });
}

async function counts() {
  const [orders = 0, items = 0, payments = 0] = await Promise.all(
    ['orders', 'order_items', 'payments'].map(async (name) => (await db().collection(name).count().get()).data().count),
  );
  return { orders, items, payments };
}

async function storedPayment(orderId: string) {
  const order = (await db().collection('orders').doc(orderId).get()).data() as {
    payment_id: string;
    family_id: string;
    order_items: string[];
  };
  const payment = (await db().collection('payments').doc(order.payment_id).get()).data();
  const family = (await db().collection('families').doc(order.family_id).get()).data() as { orders_id: string[] };
  return { order, payment, familyOrders: family.orders_id.filter((id) => id === orderId) };
}

async function expectError(response: Response, status: number, message: string | RegExp) {
  expect(response.status).toBe(status);
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ error: typeof message === 'string' ? message : expect.stringMatching(message) });
  expect(text).not.toContain(SECRET_KEY);
  expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
}

describe('record-payment: a succeeded payment', () => {
  it("asks Stripe, records the order as 'Confermato' once, and answers the same on a second call", async () => {
    const before = await counts();
    const intent = stripeKnows();
    const first = await call({ paymentIntentId: intent.id });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ orderId: intent.id, status: 'Confermato' });
    expect(retrieved).toEqual([intent.id]);
    const stored = await storedPayment(intent.id);
    expect(stored.order).toMatchObject({ family_id: 'family-rossi' });
    expect(stored.order.order_items).toHaveLength(2);
    expect(stored.payment).toMatchObject({ method: 'Online', status: 'Confermato', total_amount: 250 });
    expect(stored.familyOrders).toEqual([intent.id]);
    expect(await counts()).toEqual({ orders: before.orders + 1, items: before.items + 2, payments: before.payments + 1 });

    const second = await call({ paymentIntentId: intent.id });
    expect(await second.json()).toEqual({ orderId: intent.id, status: 'Confermato' });
    expect(await counts()).toEqual({ orders: before.orders + 1, items: before.items + 2, payments: before.payments + 1 });
  });

  it('adds nothing when the webhook already recorded the order', async () => {
    const intent = stripeKnows();
    expect((await deliverWebhook(intent)).status).toBe(200);
    const afterWebhook = await counts();
    const response = await call({ paymentIntentId: intent.id });
    expect(await response.json()).toEqual({ orderId: intent.id, status: 'Confermato' });
    expect(await counts()).toEqual(afterWebhook);
    expect((await storedPayment(intent.id)).familyOrders).toHaveLength(1);
  });

  it('records the order once when record-payment and the webhook run at the same time', async () => {
    const before = await counts();
    const intent = stripeKnows();
    const [recorded, delivered] = await Promise.all([call({ paymentIntentId: intent.id }), deliverWebhook(intent)]);
    expect([recorded.status, delivered.status]).toEqual([200, 200]);
    expect(await counts()).toEqual({ orders: before.orders + 1, items: before.items + 2, payments: before.payments + 1 });
    expect((await storedPayment(intent.id)).familyOrders).toHaveLength(1);
  });

  it("records an amount that does not match the order as 'Da Verificare'", async () => {
    const intent = stripeKnows({ amount: 1000, amount_received: 1000 });
    expect(await (await call({ paymentIntentId: intent.id })).json()).toEqual({ orderId: intent.id, status: 'Da Verificare' });
    expect((await storedPayment(intent.id)).payment).toMatchObject({ status: 'Da Verificare', total_amount: 250 });
    expect(vi.mocked(console.warn).mock.calls.flat().join('\n')).toContain('amount_received 1000 cents differs');
  });
});

describe('record-payment: nothing recorded', () => {
  it.each(['requires_payment_method', 'requires_action', 'canceled'])('answers 409 naming the status %s', async (status) => {
    const before = await counts();
    const intent = stripeKnows({ status, amount_received: 0 });
    await expectError(await call({ paymentIntentId: intent.id }), 409, `Il pagamento non risulta completato (stato: ${status}).`);
    expect(await counts()).toEqual(before);
  });

  it('answers 409 to a debit still processing, saying in Italian that it takes a few working days and an e-mail will confirm it', async () => {
    const before = await counts();
    const intent = stripeKnows({ status: 'processing', amount_received: 0 });
    await expectError(
      await call({ paymentIntentId: intent.id }),
      409,
      "Pagamento in elaborazione: l'addebito sul conto richiede alcuni giorni lavorativi. Il posto è riservato e ti confermeremo l'esito via e-mail.",
    );
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['refunded in full', { refunded: true, amount_refunded: 25497, disputed: false }],
    ['refunded in part', { refunded: false, amount_refunded: 5000, disputed: false }],
    ['disputed', { refunded: false, amount_refunded: 0, disputed: true }],
  ])('answers 409 to a payment whose charge was %s, and records nothing', async (_label, charge) => {
    const before = await counts();
    const intent = stripeKnows({ latest_charge: { object: 'charge', ...charge } });
    await expectError(
      await call({ paymentIntentId: intent.id }),
      409,
      'Questo pagamento risulta rimborsato o contestato: non viene registrato. Per chiarimenti contatta il gruppo.',
    );
    expect(await counts()).toEqual(before);
  });

  it('answers 404 when Stripe does not know the PaymentIntent', async () => {
    await expectError(await call({ paymentIntentId: 'pi_3NotKnownAtAll' }), 404, 'Pagamento non trovato.');
    expect(retrieved).toEqual(['pi_3NotKnownAtAll']);
  });

  it.each([
    ['an id without pi_', { paymentIntentId: 'ch_123' }],
    ['a path in the id', { paymentIntentId: 'pi_123/../customers' }],
    ['an empty id', { paymentIntentId: '' }],
    ['a number', { paymentIntentId: 123 }],
    ['no id', {}],
    ['a client secret instead of the id', { paymentIntentId: 'pi_123_secret_abc' }],
  ])('answers 400 to %s without asking Stripe', async (_label, body) => {
    await expectError(await call(body), 400, 'Richiesta non valida: serve "paymentIntentId", il codice del pagamento (pi_...).');
    expect(retrieved).toEqual([]);
  });

  it('answers 422 to a succeeded payment that is not a portal payment', async () => {
    const before = await counts();
    const intent = stripeKnows({ metadata: {} });
    await expectError(await call({ paymentIntentId: intent.id }), 422, 'Questo pagamento non riguarda un ordine del portale.');
    expect(await counts()).toEqual(before);
  });

  it('answers 422 and logs why when the order cannot be rebuilt', async () => {
    const before = await counts();
    const intent = stripeKnows({ metadata: { family_id: 'family-ghost', product: 'campo-acconto', children: 'son-rossi-marco' } });
    // The session's parent is still there: only the family's order cannot be rebuilt.
    await db()
      .collection('parents')
      .doc('parent-of-family-ghost')
      .set({ id: 'parent-of-family-ghost', cf: 'GHSPRN80A01H501X', family_id: 'family-ghost' });
    await expectError(
      await call({ paymentIntentId: intent.id }, 'POST', 'family-ghost'),
      422,
      new RegExp(`Contatta il gruppo indicando il codice ${intent.id}`),
    );
    expect(await counts()).toEqual(before);
    expect(vi.mocked(console.error).mock.calls.flat().join('\n')).toContain('family family-ghost does not exist');
  });

  it('answers 502 when Stripe fails, without the key in the answer or the log', async () => {
    stripeDown = () => HttpResponse.json({ error: { type: 'api_error', message: `Something broke for ${SECRET_KEY}` } }, { status: 500 });
    await expectError(await call({ paymentIntentId: 'pi_3Anything' }), 502, /servizio di pagamento/);
    const logged = vi.mocked(console.error).mock.calls.flat().join('\n');
    expect(logged).toContain('record-payment: Stripe request failed');
    expect(logged).not.toContain(SECRET_KEY);
  });

  it('answers 502 when Stripe cannot be reached', async () => {
    stripeDown = () => HttpResponse.error();
    await expectError(await call({ paymentIntentId: 'pi_3Anything' }), 502, /servizio di pagamento/);
  });

  it('answers 503 when STRIPE_SECRET_KEY is not set', async () => {
    vi.stubEnv('STRIPE_SECRET_KEY', '');
    await expectError(await call({ paymentIntentId: 'pi_3Anything' }), 503, 'Il pagamento con carta non è configurato.');
    expect(retrieved).toEqual([]);
  });

  it('answers 405 to GET', async () => {
    const response = await call(null, 'GET');
    await expectError(response, 405, /POST/);
  });
});

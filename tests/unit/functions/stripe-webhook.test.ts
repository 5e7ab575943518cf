import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { onlineTotal } from '@domain/payments/service-fee';
import { deliverStripeEvent, stripeTestbed } from '../../support/stripe-testbed';

const PROJECT = 'demo-stripe-webhook';
const SECRET_KEY = 'sk_test_webhook_dummy';
const WEBHOOK_SECRET = 'whsec_test_webhook_dummy';

let sequence = 0;
// The webhook never calls Stripe's API: no handler, any request to it fails the test.
const testbed = stripeTestbed(PROJECT, { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
const db = () => testbed.db();

interface IntentFields {
  id?: string;
  amount_received?: number;
  metadata?: Record<string, string>;
  status?: string;
  currency?: string;
}

/** A Stripe event carrying a PaymentIntent, as JSON text (a fresh pi_ id unless given). */
function eventPayload(type: string, fields: IntentFields = {}): { payload: string; paymentIntentId: string } {
  sequence += 1;
  const paymentIntentId = fields.id ?? `pi_webhook${Date.now()}n${sequence}`;
  const amount = fields.amount_received ?? 25497;
  const payload = JSON.stringify({
    id: `evt_webhook${sequence}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: {
      object: {
        id: paymentIntentId,
        object: 'payment_intent',
        amount,
        amount_received: amount,
        currency: fields.currency ?? 'eur',
        status: fields.status ?? 'succeeded',
        metadata: fields.metadata ?? { family_id: 'family-rossi', product: 'campo-acconto', children: 'son-rossi-marco,son-rossi-giulia' },
      },
    },
  });
  return { payload, paymentIntentId };
}

const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

const deliver = (payload: string, signature: string | null = sign(payload), method = 'POST') =>
  deliverStripeEvent(payload, { secret: WEBHOOK_SECRET, signature, method });

/** How many documents each order collection holds. */
async function counts() {
  const [orders = 0, items = 0, payments = 0] = await Promise.all(
    ['orders', 'order_items', 'payments'].map(async (name) => (await db().collection(name).count().get()).data().count),
  );
  return { orders, items, payments };
}

/** The recorded order `id` as the database shows it: items (in order), payment, and the family's orders_id. */
async function storedOrder(id: string) {
  const order = (await db().collection('orders').doc(id).get()).data() as { family_id: string; order_items: string[]; payment_id: string };
  const items = await Promise.all(order.order_items.map(async (itemId) => (await db().collection('order_items').doc(itemId).get()).data()));
  const payment = (await db().collection('payments').doc(order.payment_id).get()).data();
  const family = (await db().collection('families').doc(order.family_id).get()).data() as { orders_id: string[] };
  return { order, items, payment, familyOrders: family.orders_id.filter((orderId) => orderId === id) };
}

async function expectError(response: Response, status: number, message: RegExp) {
  expect(response.status).toBe(status);
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ error: expect.stringMatching(message) });
  expect(text).not.toContain(SECRET_KEY);
  expect(text).not.toContain(WEBHOOK_SECRET);
  expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
}

describe('stripe-webhook: payment_intent.succeeded', () => {
  it("records Rossi's Acconto once as Online 'Confermato' under the PaymentIntent id", async () => {
    const before = await counts();
    const { payload, paymentIntentId } = eventPayload('payment_intent.succeeded');
    const response = await deliver(payload);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, orderId: paymentIntentId, status: 'Confermato' });

    const stored = await storedOrder(paymentIntentId);
    expect(stored.order).toMatchObject({ id: paymentIntentId, family_id: 'family-rossi' });
    expect(stored.items.map((item) => [item?.son_info.name, item?.plan, item?.note, item?.price])).toEqual([
      ['Marco', 'Campo Estivo - Acconto', '', 100],
      ['Giulia', 'Campo Estivo - Acconto', '', 150],
    ]);
    expect(stored.payment).toMatchObject({ method: 'Online', status: 'Confermato', total_amount: 250 });
    expect(stored.familyOrders).toEqual([paymentIntentId]);
    expect(await counts()).toEqual({ orders: before.orders + 1, items: before.items + 2, payments: before.payments + 1 });
  });

  it("keeps the 'Contributo al fondo di solidarietà' on the payment apart from the lines, the card total checked with it", async () => {
    // 250 € of Acconto and 20 € to the fund, the fee on both: what create-payment-intent charged.
    const charged = onlineTotal(250 + 20);
    const { payload, paymentIntentId } = eventPayload('payment_intent.succeeded', {
      amount_received: charged.totalCents,
      metadata: {
        family_id: 'family-rossi',
        product: 'campo-acconto',
        children: 'son-rossi-marco,son-rossi-giulia',
        card_fee: '1',
        solidarity_contribution: '20.00',
      },
    });
    const response = await deliver(payload);
    expect(await response.json()).toEqual({ received: true, orderId: paymentIntentId, status: 'Confermato' });
    const stored = await storedOrder(paymentIntentId);
    expect(stored.payment).toMatchObject({ status: 'Confermato', total_amount: 250, solidarity_contribution: 20 });
    expect((stored.payment?.lines as Array<{ price: number }>).map((line) => line.price)).toEqual([100, 150]);
    expect(stored.payment?.receipt).toMatchObject({ service_fee: charged.feeEuros });
  });

  it('records sizes of sweatshirts from the metadata', async () => {
    const { payload, paymentIntentId } = eventPayload('payment_intent.succeeded', {
      amount_received: 3087,
      metadata: { family_id: 'family-bianchi', product: 'felpa', children: 'son-bianchi-sara:XL' },
    });
    expect((await deliver(payload)).status).toBe(200);
    const stored = await storedOrder(paymentIntentId);
    expect(stored.items.map((item) => [item?.plan, item?.note, item?.price])).toEqual([['Felpa Reparto', 'XL', 30]]);
    expect(stored.payment).toMatchObject({ status: 'Confermato', total_amount: 30 });
  });

  it('records the order once when Stripe delivers the same event again', async () => {
    const { payload, paymentIntentId } = eventPayload('payment_intent.succeeded');
    expect((await deliver(payload)).status).toBe(200);
    const afterFirst = await counts();
    const replay = await deliver(payload);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, orderId: paymentIntentId, status: 'Confermato' });
    expect(await counts()).toEqual(afterFirst);
    expect((await storedOrder(paymentIntentId)).familyOrders).toHaveLength(1);
  });

  it('records the order once when two deliveries arrive at the same time', async () => {
    const before = await counts();
    const { payload, paymentIntentId } = eventPayload('payment_intent.succeeded', {
      amount_received: 81522,
      metadata: {
        family_id: 'family-verdi',
        product: 'campo-saldo',
        children: ['andrea', 'chiara', 'matteo', 'sofia', 'tommaso', 'alice'].map((name) => `son-verdi-${name}`).join(','),
      },
    });
    const responses = await Promise.all([deliver(payload), deliver(payload)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(bodies).toEqual([
      { received: true, orderId: paymentIntentId, status: 'Confermato' },
      { received: true, orderId: paymentIntentId, status: 'Confermato' },
    ]);
    expect(await counts()).toEqual({ orders: before.orders + 1, items: before.items + 6, payments: before.payments + 1 });
    const stored = await storedOrder(paymentIntentId);
    expect(stored.items.map((item) => item?.price)).toEqual([180, 155, 155, 155, 155, 0]);
    expect(stored.payment).toMatchObject({ total_amount: 800, status: 'Confermato' });
    expect(stored.familyOrders).toEqual([paymentIntentId]);
  });

  it("records an order whose amount received differs from the total as 'Da Verificare' and says why in the log", async () => {
    const { payload, paymentIntentId } = eventPayload('payment_intent.succeeded', { amount_received: 100 });
    const response = await deliver(payload);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, orderId: paymentIntentId, status: 'Da Verificare' });
    expect((await storedOrder(paymentIntentId)).payment).toMatchObject({ method: 'Online', status: 'Da Verificare', total_amount: 250 });
    const warned = vi.mocked(console.warn).mock.calls.flat().map(String).join('\n');
    expect(warned).toContain(paymentIntentId);
    expect(warned).toContain('amount_received 100 cents differs');
    expect(warned).toContain('25497 cents');
  });

  it("records a payment for a child archived since the checkout as 'Da Verificare': the money is taken, the treasurer decides", async () => {
    await db().collection('sons').doc('son-rossi-giulia').update({ archived_at: new Date() });
    const { payload, paymentIntentId } = eventPayload('payment_intent.succeeded');
    expect(await (await deliver(payload)).json()).toEqual({ received: true, orderId: paymentIntentId, status: 'Da Verificare' });
    expect((await storedOrder(paymentIntentId)).items).toHaveLength(2);
  });

  it("records a payment in another currency as 'Da Verificare'", async () => {
    const { payload, paymentIntentId } = eventPayload('payment_intent.succeeded', { currency: 'usd' });
    expect(await (await deliver(payload)).json()).toMatchObject({ status: 'Da Verificare' });
    expect((await storedOrder(paymentIntentId)).payment).toMatchObject({ status: 'Da Verificare' });
  });

  it("records a second card payment of a product the child already holds as 'Da Verificare': the money is taken, the treasurer refunds", async () => {
    const first = eventPayload('payment_intent.succeeded');
    expect(await (await deliver(first.payload)).json()).toMatchObject({ status: 'Confermato' });
    const second = eventPayload('payment_intent.succeeded');
    const response = await deliver(second.payload);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, orderId: second.paymentIntentId, status: 'Da Verificare' });
    const stored = await storedOrder(second.paymentIntentId);
    expect(stored.payment).toMatchObject({ status: 'Da Verificare', total_amount: 250 });
    expect(stored.items).toHaveLength(2);
  });
});

describe('stripe-webhook: events that write nothing', () => {
  it.each(['payment_intent.created', 'charge.refunded'])('answers 200 to %s', async (type) => {
    const before = await counts();
    const { payload, paymentIntentId } = eventPayload(type);
    const response = await deliver(payload);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await counts()).toEqual(before);
    expect((await db().collection('orders').doc(paymentIntentId).get()).exists).toBe(false);
  });

  it('ignores a succeeded PaymentIntent that is not a portal payment (no metadata)', async () => {
    const before = await counts();
    const { payload } = eventPayload('payment_intent.succeeded', { metadata: {} });
    const response = await deliver(payload);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await counts()).toEqual(before);
  });
});

describe('stripe-webhook: orders that cannot be rebuilt (Stripe retries)', () => {
  it.each([
    [
      'the family is gone',
      { family_id: 'family-ghost', product: 'campo-acconto', children: 'son-rossi-marco' },
      'family family-ghost does not exist',
    ],
    [
      'a child is not in the family',
      { family_id: 'family-rossi', product: 'campo-acconto', children: 'son-rossi-marco,son-bianchi-sara' },
      'child son-bianchi-sara is not in family family-rossi',
    ],
    [
      'the children are malformed',
      { family_id: 'family-rossi', product: 'maglietta', children: 'son-rossi-marco:XXXL' },
      'metadata.children is malformed',
    ],
    [
      'the product is unknown',
      { family_id: 'family-rossi', product: 'cappellino', children: 'son-rossi-marco' },
      "product cappellino is not in the season's catalogue",
    ],
    ['a size is missing', { family_id: 'family-rossi', product: 'maglietta', children: 'son-rossi-marco' }, 'no size for maglietta'],
    [
      'the solidarity contribution is malformed',
      { family_id: 'family-rossi', product: 'campo-acconto', children: 'son-rossi-marco', solidarity_contribution: '900.00' },
      'metadata.solidarity_contribution is malformed',
    ],
    [
      'the family id is not a document id',
      { family_id: 'families/family-rossi', product: 'campo-acconto', children: 'son-rossi-marco' },
      'metadata.family_id',
    ],
  ])('answers 422 when %s, logs why and writes nothing', async (_label, metadata, reason) => {
    const before = await counts();
    const { payload, paymentIntentId } = eventPayload('payment_intent.succeeded', { metadata });
    const response = await deliver(payload);
    await expectError(response, 422, new RegExp(`ricostruire l'ordine.*${paymentIntentId}`));
    expect(await counts()).toEqual(before);
    const logged = vi.mocked(console.error).mock.calls.flat().map(String).join('\n');
    expect(logged).toContain(paymentIntentId);
    expect(logged).toContain(reason);
  });
});

describe('stripe-webhook: signature and configuration', () => {
  it('answers 400 to a signature made with another secret, and writes nothing', async () => {
    const before = await counts();
    const { payload } = eventPayload('payment_intent.succeeded');
    await expectError(await deliver(payload, sign(payload, 'whsec_someone_else')), 400, /Firma Stripe non valida/);
    expect(await counts()).toEqual(before);
  });

  it('answers 400 to a body changed after signing', async () => {
    const { payload } = eventPayload('payment_intent.succeeded');
    const tampered = payload.replace('"amount_received":25497', '"amount_received":1');
    expect(tampered).not.toBe(payload);
    await expectError(await deliver(tampered, sign(payload)), 400, /Firma Stripe non valida/);
  });

  it('answers 400 to an old signature (replayed from long ago)', async () => {
    const { payload } = eventPayload('payment_intent.succeeded');
    await expectError(
      await deliver(payload, sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)),
      400,
      /Firma Stripe non valida/,
    );
  });

  it('answers 400 when the signature is missing', async () => {
    const { payload } = eventPayload('payment_intent.succeeded');
    await expectError(await deliver(payload, null), 400, /Firma Stripe mancante/);
  });

  it('answers 503 when STRIPE_WEBHOOK_SECRET is not set', async () => {
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', '');
    const { payload } = eventPayload('payment_intent.succeeded');
    await expectError(await deliver(payload), 503, /non è configurato/);
  });

  it('answers 503 when STRIPE_SECRET_KEY is not set', async () => {
    vi.stubEnv('STRIPE_SECRET_KEY', '');
    const { payload } = eventPayload('payment_intent.succeeded');
    await expectError(await deliver(payload), 503, /non è configurato/);
  });

  it('answers 413 to a body over 256 KB', async () => {
    const payload = JSON.stringify({ padding: 'x'.repeat(300 * 1024) });
    await expectError(await deliver(payload), 413, /troppo grande/);
  });

  it('answers 405 to GET', async () => {
    const response = await deliver('', null, 'GET');
    await expectError(response, 405, /POST/);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

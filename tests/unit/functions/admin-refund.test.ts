import { randomUUID } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import Stripe from 'stripe';
import { beforeAll, afterAll, beforeEach, describe, expect, it } from 'vitest';
import adminRefund from '../../../netlify/functions/admin-refund';
import { fulfilPayment, orderMetadata } from '../../../netlify/lib/fulfil-payment';
import { seasonItemId } from '../../../src/domain/products';
import { onlineTotal } from '../../../src/domain/service-fee';
import { PLAN } from '../../../src/domain/plans';
import { startTestAuth, type TestAuth } from '../../support/auth-emulator';
import { functionContext } from '../../support/function-context';
import { deliverStripeEvent, stripeTestbed } from '../../support/stripe-testbed';

/**
 * 'Rimborsa' (docs/admin-orders.md): a card payment is refunded through
 * Stripe's Refunds API (intercepted at its HTTP edge), once per request even
 * when the button is pressed twice; the refunded euros come back with
 * Stripe's webhook. A Bonifico is recorded as refunded by transfer.
 */

const PROJECT = 'demo-admin-refund';
const WEBHOOK_SECRET = 'whsec_test_admin_refund_dummy';
const PAYMENT_INTENT = 'pi_refund_saldo_marco';
/** Marco's Saldo, 180 €, charged with the card fee. */
const CHARGED_CENTS = onlineTotal(180).totalCents;

/** The refund requests Stripe received: the form fields and the Idempotency-Key header. */
let refundRequests: Array<{ fields: URLSearchParams; idempotencyKey: string | null }> = [];
let stripeAnswers: 'ok' | 'error' = 'ok';

const testbed = stripeTestbed(
  PROJECT,
  { secretKey: 'sk_test_admin_refund_dummy', webhookSecret: WEBHOOK_SECRET },
  http.post('https://api.stripe.com/v1/refunds', async ({ request }) => {
    refundRequests.push({ fields: new URLSearchParams(await request.text()), idempotencyKey: request.headers.get('idempotency-key') });
    if (stripeAnswers === 'error') {
      return HttpResponse.json({ error: { type: 'invalid_request_error', message: 'Charge already refunded' } }, { status: 400 });
    }
    return HttpResponse.json({
      id: `re_${refundRequests.length}`,
      object: 'refund',
      amount: 5000,
      status: 'succeeded',
      payment_intent: PAYMENT_INTENT,
    });
  }),
);
const db = () => testbed.db();

let auth: TestAuth;
let treasurer: string;
beforeAll(async () => {
  auth = await startTestAuth(PROJECT);
  treasurer = await auth.account('tesoriere@example.com', { role: 'tesoriere' });
}, 120_000);
afterAll(() => auth.stop(), 30_000);

beforeEach(() => {
  refundRequests = [];
  stripeAnswers = 'ok';
});

async function refund(body: Record<string, unknown>) {
  const response = await adminRefund(
    new Request('http://localhost/.netlify/functions/admin-refund', {
      method: 'POST',
      headers: { authorization: `Bearer ${treasurer}` },
      body: JSON.stringify(body),
    }),
    functionContext(),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Marco's Saldo paid by card, Confermato: its payment id. */
async function paidSaldo(): Promise<string> {
  await fulfilPayment(
    db(),
    {
      id: PAYMENT_INTENT,
      status: 'succeeded',
      amount_received: CHARGED_CENTS,
      currency: 'eur',
      metadata: { ...orderMetadata('family-rossi', 'parent-rossi-mario', 'campo-saldo', [{ id: 'son-rossi-marco' }], true) },
    },
    'test',
    { siteUrl: 'http://localhost' },
  );
  return (await db().collection('orders').doc(PAYMENT_INTENT).get()).get('payment_id') as string;
}

const paymentOf = async (id: string) => (await db().collection('payments').doc(id).get()).data()!;

function chargeRefunded(amountRefunded: number) {
  const payload = JSON.stringify({
    id: `evt_admin_refund_${Date.now()}`,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_${PAYMENT_INTENT}`,
        object: 'charge',
        amount: CHARGED_CENTS,
        amount_refunded: amountRefunded,
        refunded: amountRefunded >= CHARGED_CENTS,
        currency: 'eur',
        payment_intent: PAYMENT_INTENT,
      },
    },
  });
  return deliverStripeEvent(payload, {
    secret: WEBHOOK_SECRET,
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  });
}

describe('admin-refund by card', () => {
  it('a partial refund of 50 € pressed twice reaches Stripe once, with its idempotency key; the webhook then shows 50,00 € refunded', async () => {
    const paymentId = await paidSaldo();
    const body = { paymentId, amountEuros: 50, idempotencyKey: randomUUID() };
    const answers = await Promise.all([refund(body), refund(body)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.changed).sort()).toEqual([false, true]);
    expect(refundRequests).toHaveLength(1);
    expect(refundRequests[0]?.idempotencyKey).toBe(body.idempotencyKey);
    expect(Object.fromEntries(refundRequests[0]!.fields)).toMatchObject({ payment_intent: PAYMENT_INTENT, amount: '5000' });

    const audit = (await db().collection('audit_log').where('action', '==', 'payment.refund_request').get()).docs.map((doc) => doc.data());
    expect(audit.map((entry) => entry.summary)).toEqual([
      `Rimborso con carta di 50,00 € chiesto a Stripe: famiglia Rossi, ${PLAN.campSaldo}`,
    ]);
    expect((await chargeRefunded(5000)).status).toBe(200);
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'Confermato', refunded_amount: 50, refund_requested: 50 });
    // Marco keeps his Saldo: a partial refund frees nothing.
    expect(
      (
        await db()
          .collection('order_items')
          .doc(seasonItemId(2025, PLAN.campSaldo, 'son-rossi-marco'))
          .get()
      ).exists,
    ).toBe(true);
  });

  it('refuses more than is left, and a refund Stripe refuses leaves nothing asked', async () => {
    const paymentId = await paidSaldo();
    const left = CHARGED_CENTS / 100;
    expect(await refund({ paymentId, amountEuros: left + 0.01, idempotencyKey: randomUUID() })).toEqual({
      status: 400,
      body: { error: `Si possono rimborsare al massimo ${left.toFixed(2).replace('.', ',')} €.` },
    });
    stripeAnswers = 'error';
    expect(await refund({ paymentId, amountEuros: 20, idempotencyKey: randomUUID() })).toMatchObject({ status: 502 });
    expect(await paymentOf(paymentId)).toMatchObject({ refund_requested: 0, refunded_amount: 0 });
    expect((await db().collection('refund_requests').get()).size).toBe(0);
    expect((await db().collection('audit_log').where('action', '==', 'payment.refund_request').get()).size).toBe(0);
  });
});

describe("admin-refund of a Bonifico ('Rimborso con bonifico')", () => {
  const ESPOSITO = 'payment-order-esposito-2024-acconto';

  it('needs the day; refunded in full, the payment is Rimborsato, audited, without asking Stripe', async () => {
    expect(await refund({ paymentId: ESPOSITO, amountEuros: 100, idempotencyKey: randomUUID() })).toEqual({
      status: 400,
      body: { error: 'Per un bonifico indica la data del rimborso.' },
    });
    const body = { paymentId: ESPOSITO, amountEuros: 100, idempotencyKey: randomUUID(), transferDate: '2025-09-15' };
    expect(await refund(body)).toEqual({ status: 200, body: { changed: true } });
    expect(await refund(body)).toEqual({ status: 200, body: { changed: false } });
    const payment = await paymentOf(ESPOSITO);
    expect(payment).toMatchObject({ status: 'Rimborsato', refunded_amount: 100 });
    expect(payment.history).toEqual([
      expect.objectContaining({ action: 'payment.refunded', note: '100,00 € con bonifico del 15/09/2025' }),
    ]);
    expect(refundRequests).toEqual([]);
    expect((await db().collection('audit_log').where('action', '==', 'payment.refunded').get()).size).toBe(1);
  });
});

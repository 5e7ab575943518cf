import { randomUUID } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import Stripe from 'stripe';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, afterAll, beforeEach, describe, expect, it } from 'vitest';
import adminRefund from '../../../netlify/functions/admin-refund';
import { fulfilPayment } from '../../../netlify/lib/payments/fulfil-payment';
import { orderMetadata } from '../../../netlify/lib/orders/order-metadata';
import { italianYear } from '@domain/italian-time';
import { seasonItemId } from '@domain/catalogue/season-catalogue';
import { onlineTotal } from '@domain/payments/service-fee';
import { PLAN } from '@domain/catalogue/seed';
import { startTestAuth, type TestAuth } from '../../support/auth-emulator';
import { browserRequest, functionContext } from '../../support/function-context';
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
/**
 * How the fake Stripe answers: 'ok'; 'refuse' (400, nothing made); 'lost'
 * (the refund is made but the answer never arrives: a connection error, as
 * a timeout); 'unavailable' (500, nothing made).
 */
let stripeAnswers: 'ok' | 'refuse' | 'lost' | 'unavailable' = 'ok';
/** The refunds the fake Stripe made, by idempotency key (a key seen before replays its refund, as Stripe's idempotency does). */
let made = new Map<string, Record<string, unknown>>();
/** Refunds made under keys Stripe no longer remembers (older than its idempotency window): still listed. */
let forgotten: Array<Record<string, unknown>> = [];

const REFUNDS = 'https://api.stripe.com/v1/refunds';
const testbed = stripeTestbed(
  PROJECT,
  { secretKey: 'sk_test_admin_refund_dummy', webhookSecret: WEBHOOK_SECRET },
  http.post(REFUNDS, async ({ request }) => {
    const fields = new URLSearchParams(await request.text());
    const idempotencyKey = request.headers.get('idempotency-key');
    refundRequests.push({ fields, idempotencyKey });
    if (stripeAnswers === 'refuse') {
      return HttpResponse.json({ error: { type: 'invalid_request_error', message: 'Charge already refunded' } }, { status: 400 });
    }
    if (stripeAnswers === 'unavailable') return HttpResponse.json({ error: { type: 'api_error', message: 'Try again' } }, { status: 500 });
    const refund = made.get(idempotencyKey ?? '') ?? {
      id: `re_${made.size + forgotten.length + 1}`,
      object: 'refund',
      amount: Number(fields.get('amount')),
      status: 'succeeded',
      payment_intent: PAYMENT_INTENT,
      metadata: { payment_id: fields.get('metadata[payment_id]'), refund_request: fields.get('metadata[refund_request]') },
    };
    made.set(idempotencyKey ?? '', refund);
    return stripeAnswers === 'lost' ? HttpResponse.error() : HttpResponse.json(refund);
  }),
  http.get(REFUNDS, () =>
    HttpResponse.json({ object: 'list', data: [...forgotten, ...made.values()], has_more: false, url: '/v1/refunds' }),
  ),
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
  made = new Map();
  forgotten = [];
});

async function refund(body: Record<string, unknown>) {
  const response = await adminRefund(
    browserRequest('http://localhost/.netlify/functions/admin-refund', {
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

  it('refuses more than is left; a refund Stripe refuses leaves nothing asked, and a new key may ask again', async () => {
    const paymentId = await paidSaldo();
    const left = CHARGED_CENTS / 100;
    expect(await refund({ paymentId, amountEuros: left + 0.01, idempotencyKey: randomUUID() })).toEqual({
      status: 400,
      body: { error: `Si possono rimborsare al massimo ${left.toFixed(2).replace('.', ',')} €.` },
    });
    stripeAnswers = 'refuse';
    const refused = {
      status: 422,
      body: { error: 'Stripe ha rifiutato il rimborso: nulla è stato rimborsato. Controlla l’importo, o riprova più tardi.' },
    };
    const body = { paymentId, amountEuros: 20, idempotencyKey: randomUUID() };
    // Pressed twice at once: both presses say so.
    expect(await Promise.all([refund(body), refund(body)])).toEqual([refused, refused]);
    expect(await paymentOf(paymentId)).toMatchObject({ refund_requested: 0, refunded_amount: 0, refund_pending: null });
    expect((await db().collection('refund_requests').get()).size).toBe(0);
    expect((await db().collection('audit_log').where('action', '==', 'payment.refund_request').get()).size).toBe(0);
    stripeAnswers = 'ok';
    expect(await refund({ paymentId, amountEuros: 20, idempotencyKey: randomUUID() })).toEqual({ status: 200, body: { changed: true } });
  });

  it('two presses with the same key while Stripe does not answer keep the refund asked; the retry is replayed by Stripe: refunded once', async () => {
    const paymentId = await paidSaldo();
    const body = { paymentId, amountEuros: 50, idempotencyKey: randomUUID() };
    stripeAnswers = 'lost';
    const noAnswer = {
      status: 504,
      body: {
        error:
          'Stripe non ha risposto: il rimborso potrebbe essere partito o no. Premi di nuovo «Rimborsa» per riprovare: non sarà fatto due volte.',
      },
    };
    expect(await Promise.all([refund(body), refund(body)])).toEqual([noAnswer, noAnswer]);
    // The reservation and the key stay: the row offers the same refund again.
    expect(await paymentOf(paymentId)).toMatchObject({
      refund_requested: 50,
      refund_pending: { key: body.idempotencyKey, amount: 50, by: 'tesoriere@example.com' },
    });
    expect((await db().collection('refund_requests').doc(body.idempotencyKey).get()).data()).toMatchObject({ state: 'pending' });
    // Another refund of the same payment waits for this one.
    expect(await refund({ paymentId, amountEuros: 10, idempotencyKey: randomUUID() })).toMatchObject({
      status: 409,
      body: { error: expect.stringContaining('Un rimborso di 50,00 € attende ancora la risposta di Stripe') as unknown },
    });

    stripeAnswers = 'ok';
    expect(await refund(body)).toEqual({ status: 200, body: { changed: true } });
    expect(await refund(body)).toEqual({ status: 200, body: { changed: false } });
    // Every request Stripe received carried the same key and asked the same refund; Stripe made it once.
    expect(refundRequests.length).toBeGreaterThanOrEqual(2);
    expect(new Set(refundRequests.map((request) => request.idempotencyKey))).toEqual(new Set([body.idempotencyKey]));
    expect(new Set(refundRequests.map((request) => request.fields.toString())).size).toBe(1);
    expect(made.size).toBe(1);
    expect(await paymentOf(paymentId)).toMatchObject({ refund_requested: 50, refund_pending: null });
    expect((await db().collection('refund_requests').doc(body.idempotencyKey).get()).data()).toMatchObject({
      state: 'made',
      stripe_refund_id: 're_1',
    });
    expect((await db().collection('audit_log').where('action', '==', 'payment.refund_request').get()).size).toBe(1);
    expect((await chargeRefunded(5000)).status).toBe(200);
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'Confermato', refunded_amount: 50 });
  });

  it('a 5xx from Stripe keeps the refund asked too; the retry makes it', async () => {
    const paymentId = await paidSaldo();
    const body = { paymentId, amountEuros: 30, idempotencyKey: randomUUID() };
    stripeAnswers = 'unavailable';
    expect(await refund(body)).toMatchObject({ status: 504 });
    expect(await paymentOf(paymentId)).toMatchObject({ refund_requested: 30, refund_pending: { amount: 30 } });
    stripeAnswers = 'ok';
    expect(await refund(body)).toEqual({ status: 200, body: { changed: true } });
    expect(made.size).toBe(1);
  });

  it('a retry after Stripe may have forgotten the key finds the refund made under it, and does not make another', async () => {
    const paymentId = await paidSaldo();
    const body = { paymentId, amountEuros: 40, idempotencyKey: randomUUID() };
    stripeAnswers = 'lost';
    expect(await refund(body)).toMatchObject({ status: 504 });
    // A day later: Stripe no longer knows the key (its refund is still listed).
    forgotten = [...made.values()];
    made = new Map();
    await db()
      .collection('refund_requests')
      .doc(body.idempotencyKey)
      .update({ at: Timestamp.fromMillis(Date.now() - 25 * 60 * 60_000) });
    stripeAnswers = 'ok';
    const posted = refundRequests.length;
    expect(await refund(body)).toEqual({ status: 200, body: { changed: true } });
    expect(refundRequests).toHaveLength(posted);
    expect(made.size + forgotten.length).toBe(1);
    expect((await db().collection('refund_requests').doc(body.idempotencyKey).get()).get('stripe_refund_id')).toBe('re_1');
  });

  it('refuses the same key for another amount', async () => {
    const paymentId = await paidSaldo();
    const key = randomUUID();
    expect(await refund({ paymentId, amountEuros: 10, idempotencyKey: key })).toMatchObject({ status: 200 });
    expect(await refund({ paymentId, amountEuros: 12, idempotencyKey: key })).toEqual({
      status: 409,
      body: { error: 'Questa richiesta di rimborso è già stata fatta per un altro importo: chiudi e riapri «Rimborsa».' },
    });
    expect(made.size).toBe(1);
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
      expect.objectContaining({
        action: 'payment.refunded',
        note: `100,00 € con bonifico del 15/09/2025, nota di credito n. ${italianYear(new Date())}/1`,
      }),
    ]);
    expect(refundRequests).toEqual([]);
    expect((await db().collection('audit_log').where('action', '==', 'payment.refunded').get()).size).toBe(1);
  });
});

import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import createOrder from '../../../netlify/functions/create-order';
import lookupFamily from '../../../netlify/functions/lookup-family';
import { checkSeasonTotals } from '../../../netlify/lib/season/season-totals';
import { seasonItemId } from '@domain/catalogue/season-catalogue';
import { browserRequest, functionContext } from '../../support/function-context';
import { deliverStripeEvent, stripeTestbed } from '../../support/stripe-testbed';
import { sessionHeaders } from '../../support/family-session';

/**
 * Refunds and disputes reach the books (docs/data-model.md, "Refunds and
 * disputes"): Stripe's signed `charge.refunded` and `charge.dispute.*`
 * events, delivered twice and in both orders relative to
 * `payment_intent.succeeded`, leave the payment with the right status and
 * refunded euros; a payment refunded in full frees the child's product.
 */

const PROJECT = 'demo-stripe-refunds';
const WEBHOOK_SECRET = 'whsec_test_refunds_dummy';
/** Rossi's Acconto for Marco and Giulia: 100 + 150 €, 254.97 € by card (25497 cents). */
const CHARGED = 25497;
const METADATA = { family_id: 'family-rossi', product: 'campo-acconto', children: 'son-rossi-marco,son-rossi-giulia' };

let sequence = 0;
const testbed = stripeTestbed(PROJECT, { secretKey: 'sk_test_refunds_dummy', webhookSecret: WEBHOOK_SECRET });
const db = () => testbed.db();

/** A signed event of `type` carrying `object`, created at `created` (Unix seconds). */
function signedEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  sequence += 1;
  const payload = JSON.stringify({
    id: `evt_refunds${Date.now()}n${sequence}`,
    object: 'event',
    created,
    livemode: false,
    type,
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

async function deliver(event: { payload: string; signature: string }) {
  const response = await deliverStripeEvent(event.payload, { secret: WEBHOOK_SECRET, signature: event.signature });
  expect(response.status).toBe(200);
  return (await response.json()) as { applied?: string; status?: string };
}

const succeeded = (paymentIntentId: string) =>
  signedEvent('payment_intent.succeeded', {
    id: paymentIntentId,
    object: 'payment_intent',
    amount: CHARGED,
    amount_received: CHARGED,
    currency: 'eur',
    status: 'succeeded',
    metadata: METADATA,
  });

const refunded = (paymentIntentId: string, amountRefunded: number, created?: number) =>
  signedEvent(
    'charge.refunded',
    {
      id: `ch_${paymentIntentId}`,
      object: 'charge',
      amount: CHARGED,
      amount_refunded: amountRefunded,
      refunded: amountRefunded >= CHARGED,
      currency: 'eur',
      payment_intent: paymentIntentId,
      metadata: METADATA,
    },
    created,
  );

/** `charge.refund.updated`: the refund `refundId` of `amount` cents, created at `refundCreated`, now `status`, reported at `created`. */
const refundUpdated = (
  paymentIntentId: string,
  refund: { id: string; amount: number; refundCreated: number; status: 'failed' | 'canceled' | 'succeeded' },
  created: number,
) =>
  signedEvent(
    'charge.refund.updated',
    {
      id: refund.id,
      object: 'refund',
      amount: refund.amount,
      charge: `ch_${paymentIntentId}`,
      created: refund.refundCreated,
      currency: 'eur',
      payment_intent: paymentIntentId,
      status: refund.status,
      failure_reason: refund.status === 'failed' ? 'expired_or_canceled_card' : null,
      metadata: {},
    },
    created,
  );

const dispute = (type: string, paymentIntentId: string, status: string, created: number) =>
  signedEvent(
    type,
    {
      id: `dp_${paymentIntentId}`,
      object: 'dispute',
      amount: CHARGED,
      charge: `ch_${paymentIntentId}`,
      payment_intent: paymentIntentId,
      status,
    },
    created,
  );

const newPaymentIntentId = () => `pi_refunds${Date.now()}n${(sequence += 1)}`;

/** The payment recorded under the PaymentIntent's order, as the admin's list reads it. */
async function paymentOf(paymentIntentId: string) {
  const order = (await db().collection('orders').doc(paymentIntentId).get()).data() as { payment_id: string; order_items: string[] };
  const payment = (await db().collection('payments').doc(order.payment_id).get()).data() as {
    status: string;
    refunded_amount: number;
    dispute: string | null;
    history: Array<{ action: string; by: string }>;
    lines: Array<{ item_id: string; child_id: string }>;
  };
  return { order, payment };
}

/** Whether Marco holds the season's Acconto: its season item id exists. */
async function marcoHoldsAcconto(): Promise<boolean> {
  return (
    await db()
      .collection('order_items')
      .doc(seasonItemId(2025, 'Campo Estivo - Acconto', 'son-rossi-marco'))
      .get()
  ).exists;
}

describe('stripe-webhook: refunds', () => {
  it("a full refund makes the payment 'Rimborsato' and frees Marco's Acconto: the family can order it again", async () => {
    const id = newPaymentIntentId();
    await deliver(succeeded(id));
    expect(await marcoHoldsAcconto()).toBe(true);

    expect((await deliver(refunded(id, CHARGED))).applied).toBe('applied');
    const { order, payment } = await paymentOf(id);
    expect(payment).toMatchObject({ status: 'Rimborsato', refunded_amount: 254.97, dispute: null });
    expect(payment.history).toEqual([expect.objectContaining({ action: 'payment.refunded', by: 'Stripe' })]);
    // The items are kept for the books, under new ids that hold nothing.
    expect(order.order_items).toHaveLength(2);
    expect(payment.lines.map((line) => line.item_id)).toEqual(order.order_items);
    expect(await marcoHoldsAcconto()).toBe(false);

    const lookup = (await (
      await lookupFamily(
        browserRequest('http://localhost/x', {
          method: 'POST',
          headers: await sessionHeaders({ cf: 'RSSMRA80C12H501E' }),
          body: JSON.stringify({ cf: 'RSSMRA80C12H501E' }),
        }),
        functionContext(),
      )
    ).json()) as { children: Array<{ name: string; paid: unknown[] }> };
    expect(lookup.children.find((child) => child.name === 'Marco')?.paid).toEqual([]);
    const again = await createOrder(
      browserRequest('http://localhost/x', {
        method: 'POST',
        headers: await sessionHeaders({ cf: 'RSSMRA80C12H501E' }),
        body: JSON.stringify({
          cf: 'RSSMRA80C12H501E',
          product: 'campo-acconto',
          children: [{ id: 'son-rossi-marco' }],
          idempotencyKey: randomUUID(),
        }),
      }),
      functionContext(),
    );
    expect(again.status).toBe(201);
  });

  it("a partial refund keeps 'Confermato' and records the refunded euros; the child still holds the product", async () => {
    const id = newPaymentIntentId();
    await deliver(succeeded(id));
    await deliver(refunded(id, 5000));
    expect((await paymentOf(id)).payment).toMatchObject({ status: 'Confermato', refunded_amount: 50 });
    expect(await marcoHoldsAcconto()).toBe(true);
    // A second partial refund: Stripe's amount_refunded is the running total.
    await deliver(refunded(id, 8000));
    expect((await paymentOf(id)).payment).toMatchObject({ status: 'Confermato', refunded_amount: 80 });
  });

  it('the same refund delivered twice, even at once, is applied once', async () => {
    const id = newPaymentIntentId();
    await deliver(succeeded(id));
    const event = refunded(id, 5000);
    const answers = await Promise.all([deliver(event), deliver(event)]);
    expect(answers.map((answer) => answer.applied).sort()).toEqual(['applied', 'duplicate']);
    expect((await deliver(event)).applied).toBe('duplicate');
    const { payment } = await paymentOf(id);
    expect(payment.refunded_amount).toBe(50);
    expect(payment.history.filter((step) => step.action === 'payment.refunded')).toHaveLength(1);
  });

  it('a refund that arrives before the payment is recorded is not lost: the payment is recorded refunded', async () => {
    const id = newPaymentIntentId();
    expect((await deliver(refunded(id, CHARGED))).applied).toBe('pending');
    expect((await db().collection('orders').doc(id).get()).exists).toBe(false);
    expect((await deliver(succeeded(id))).status).toBe('Rimborsato');
    expect((await paymentOf(id)).payment).toMatchObject({ status: 'Rimborsato', refunded_amount: 254.97 });
    expect(await marcoHoldsAcconto()).toBe(false);
  });

  it('a partial refund that arrives first leaves the payment Confermato with its refunded euros, and its receipt with a credit note for them', async () => {
    const id = newPaymentIntentId();
    await deliver(refunded(id, 5000));
    await deliver(succeeded(id));
    const { payment } = await paymentOf(id);
    expect(payment).toMatchObject({ status: 'Confermato', refunded_amount: 50 });
    const stored = (await db().collection('payments').where('order_id', '==', id).get()).docs[0]!;
    const receipt = stored.get('receipt') as { number: string };
    expect(stored.get('credit_notes')).toEqual([
      expect.objectContaining({ amount: 50, service_fee: 0, receipt_number: receipt.number, voids_receipt: false, reason: 'refund' }),
    ]);
    const mail = (await db().collection('mail').where('kind', '==', 'card-payment').get()).docs.map(
      (doc) => doc.get('attachments') as unknown,
    );
    expect(mail).toEqual([
      [
        { kind: 'receipt', payment_id: stored.id, number: receipt.number },
        { kind: 'credit-note', payment_id: stored.id, number: expect.stringMatching(/^\d{4}\/1$/) as unknown },
      ],
    ]);
  });
});

describe('stripe-webhook: a refund that fails (charge.refund.updated)', () => {
  const at = Math.floor(Date.now() / 1000) - 3600;
  const failed = (id: string, amount: number, status: 'failed' | 'canceled' = 'failed') =>
    refundUpdated(id, { id: `re_${id}_${amount}`, amount, refundCreated: at, status }, at + 600);

  it("gives back the euros, the status and Marco's Acconto, once, in the payment's history and the audit log", async () => {
    const id = newPaymentIntentId();
    await deliver(succeeded(id));
    await deliver(refunded(id, CHARGED, at));
    expect(await marcoHoldsAcconto()).toBe(false);
    const event = failed(id, CHARGED);
    expect((await deliver(event)).applied).toBe('applied');
    const { payment } = await paymentOf(id);
    expect(payment).toMatchObject({ status: 'Confermato', refunded_amount: 0 });
    expect(await marcoHoldsAcconto()).toBe(true);
    expect(payment.history.map((step) => step.action)).toEqual(['payment.refunded', 'payment.refund_failed']);
    const audit = (await db().collection('audit_log').where('action', '==', 'payment.refund_failed').get()).docs.map((doc) => doc.data());
    expect(audit).toEqual([
      expect.objectContaining({
        actor: { uid: 'stripe', email: 'Stripe' },
        summary: "Rimborso con carta di 254,97 € non riuscito (l'importo è tornato al gruppo), 0,00 € rimborsati in tutto: famiglia Rossi",
      }),
    ]);
    // The same event again, or another event about the same refund: applied once.
    expect((await deliver(event)).applied).toBe('duplicate');
    expect(
      (await deliver(refundUpdated(id, { id: `re_${id}_${CHARGED}`, amount: CHARGED, refundCreated: at, status: 'failed' }, at + 900)))
        .applied,
    ).toBe('duplicate');
    expect((await paymentOf(id)).payment.history).toHaveLength(2);
    expect((await checkSeasonTotals(db(), 2025)).differences).toEqual([]);
  });

  it('a refund made again after one failed counts only itself: Stripe no longer reports the failed one', async () => {
    const id = newPaymentIntentId();
    await deliver(succeeded(id));
    await deliver(refunded(id, CHARGED, at));
    await deliver(failed(id, CHARGED));
    await deliver(refunded(id, 3000, at + 1200));
    expect((await paymentOf(id)).payment).toMatchObject({ status: 'Confermato', refunded_amount: 30 });
    expect(await marcoHoldsAcconto()).toBe(true);
  });

  it('delivered before the refund it undoes, it ends the same', async () => {
    const id = newPaymentIntentId();
    await deliver(succeeded(id));
    await deliver(failed(id, CHARGED));
    await deliver(refunded(id, CHARGED, at));
    expect((await paymentOf(id)).payment).toMatchObject({ status: 'Confermato', refunded_amount: 0 });
    expect(await marcoHoldsAcconto()).toBe(true);
  });

  it('a canceled refund counts as failed, and only its euros come back; a refund that succeeded changes nothing', async () => {
    const id = newPaymentIntentId();
    await deliver(succeeded(id));
    await deliver(refunded(id, 5000, at));
    await deliver(refunded(id, 8000, at + 1));
    expect(await deliver(refundUpdated(id, { id: 're_ok', amount: 5000, refundCreated: at, status: 'succeeded' }, at + 300))).toEqual({
      received: true,
    });
    await deliver(failed(id, 3000, 'canceled'));
    expect((await paymentOf(id)).payment).toMatchObject({ status: 'Confermato', refunded_amount: 50 });
  });

  it("a product bought again since the refund is not held twice: the payment waits for the treasurer, 'Da Verificare'", async () => {
    const id = newPaymentIntentId();
    await deliver(succeeded(id));
    await deliver(refunded(id, CHARGED, at));
    const again = await createOrder(
      browserRequest('http://localhost/x', {
        method: 'POST',
        headers: await sessionHeaders({ cf: 'RSSMRA80C12H501E' }),
        body: JSON.stringify({
          cf: 'RSSMRA80C12H501E',
          product: 'campo-acconto',
          children: [{ id: 'son-rossi-marco' }],
          idempotencyKey: randomUUID(),
        }),
      }),
      functionContext(),
    );
    expect(again.status).toBe(201);
    await deliver(failed(id, CHARGED));
    expect((await paymentOf(id)).payment).toMatchObject({ status: 'Da Verificare', refunded_amount: 0 });
    // Marco's Acconto stays with the new order.
    const held = (
      await db()
        .collection('order_items')
        .doc(seasonItemId(2025, 'Campo Estivo - Acconto', 'son-rossi-marco'))
        .get()
    ).get('payment_id') as string;
    expect(held).not.toBe((await paymentOf(id)).order.payment_id);
    expect((await checkSeasonTotals(db(), 2025)).differences).toEqual([]);
  });
});

describe('stripe-webhook: disputes', () => {
  const now = Math.floor(Date.now() / 1000);

  it("an open dispute makes the payment 'Contestato'; won, it is 'Confermato' again", async () => {
    const id = newPaymentIntentId();
    await deliver(succeeded(id));
    await deliver(dispute('charge.dispute.created', id, 'needs_response', now));
    expect((await paymentOf(id)).payment).toMatchObject({ status: 'Contestato', dispute: 'open' });
    expect(await marcoHoldsAcconto()).toBe(true);
    await deliver(dispute('charge.dispute.closed', id, 'won', now + 60));
    expect((await paymentOf(id)).payment).toMatchObject({ status: 'Confermato', dispute: 'won' });
  });

  it("a dispute lost is 'Rimborsato': the money went back to the card", async () => {
    const id = newPaymentIntentId();
    await deliver(succeeded(id));
    await deliver(dispute('charge.dispute.created', id, 'needs_response', now));
    await deliver(dispute('charge.dispute.closed', id, 'lost', now + 60));
    expect((await paymentOf(id)).payment).toMatchObject({ status: 'Rimborsato', dispute: 'lost' });
    expect(await marcoHoldsAcconto()).toBe(false);
  });

  it('the closing delivered before the opening, and both before the payment: the newest event wins', async () => {
    const id = newPaymentIntentId();
    await deliver(dispute('charge.dispute.closed', id, 'won', now + 60));
    await deliver(dispute('charge.dispute.created', id, 'needs_response', now));
    await deliver(succeeded(id));
    expect((await paymentOf(id)).payment).toMatchObject({ status: 'Confermato', dispute: 'won' });
  });

  it('ignores a charge not made through a PaymentIntent', async () => {
    const event = signedEvent('charge.refunded', {
      id: 'ch_alone',
      object: 'charge',
      amount: 100,
      amount_refunded: 100,
      payment_intent: null,
    });
    expect(await deliver(event)).toEqual({ received: true });
    expect((await db().collection('stripe_payment_intents').count().get()).data().count).toBe(0);
  });
});

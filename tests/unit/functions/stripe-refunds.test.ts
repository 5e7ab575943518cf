import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import createOrder from '../../../netlify/functions/create-order';
import lookupFamily from '../../../netlify/functions/lookup-family';
import { seasonItemId } from '../../../src/domain/products';
import { functionContext } from '../../support/function-context';
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

const refunded = (paymentIntentId: string, amountRefunded: number) =>
  signedEvent('charge.refunded', {
    id: `ch_${paymentIntentId}`,
    object: 'charge',
    amount: CHARGED,
    amount_refunded: amountRefunded,
    refunded: amountRefunded >= CHARGED,
    currency: 'eur',
    payment_intent: paymentIntentId,
    metadata: METADATA,
  });

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
        new Request('http://localhost/x', {
          method: 'POST',
          headers: await sessionHeaders({ cf: 'RSSMRA80C12H501E' }),
          body: JSON.stringify({ cf: 'RSSMRA80C12H501E' }),
        }),
        functionContext(),
      )
    ).json()) as { children: Array<{ name: string; paid: unknown[] }> };
    expect(lookup.children.find((child) => child.name === 'Marco')?.paid).toEqual([]);
    const again = await createOrder(
      new Request('http://localhost/x', {
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

  it('a partial refund that arrives first leaves the payment Confermato with its refunded euros', async () => {
    const id = newPaymentIntentId();
    await deliver(refunded(id, 5000));
    await deliver(succeeded(id));
    expect((await paymentOf(id)).payment).toMatchObject({ status: 'Confermato', refunded_amount: 50 });
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

import type Stripe from 'stripe';
import { stripeWebhookContract } from '@contracts/stripe-webhook';
import { applyCardEvent, cardEventOf } from '../lib/payments/stripe-refund-events';
import { contractFunction } from '../lib/platform/contract-function';
import { getDb } from '../lib/platform/firestore';
import { applyDebitFailure, debitFailureOf } from '../lib/payments/stripe-debit-events';
import { fulfilPayment, recordProcessing } from '../lib/payments/fulfil-payment';
import { isPortalPayment } from '../lib/orders/order-metadata';
import { HttpError, readBodyBytes } from '../lib/platform/http';
import { MAX_WEBHOOK_BYTES, stripeFromEnv, webhookSecretFromEnv } from '../lib/platform/stripe';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';

const { name: NAME, messages: MESSAGES } = stripeWebhookContract;

/**
 * Verifies the `Stripe-Signature` header against the raw body and returns
 * the event.
 * @returns null when the signature does not verify (wrong secret, altered
 * body, too old).
 */
function verifiedEvent(stripe: Stripe, payload: Buffer, signature: string, secret: string): Stripe.Event | null {
  try {
    return stripe.webhooks.constructEvent(payload, signature, secret);
  } catch (error) {
    console.warn(`${NAME}: signature rejected: ${error instanceof Error ? error.message : 'unknown error'}`);
    return null;
  }
}

/**
 * stripe-webhook (stripeWebhookContract; docs/api.md, "stripe-webhook"):
 * Stripe's events, verified with STRIPE_WEBHOOK_SECRET on the raw body (at
 * most 256 KB). A paid PaymentIntent of the portal is recorded once,
 * however many deliveries (fulfilPayment); refunds and disputes reach the
 * books once, in any order (applyCardEvent, netlify/lib/payments/stripe-refund-events.ts);
 * a debit (SEPA) is recorded 'In elaborazione' on `payment_intent.processing`
 * (recordProcessing), confirmed on `.succeeded` and 'Non riuscito' on
 * `.payment_failed` (applyDebitFailure, netlify/lib/payments/stripe-debit-events.ts), once
 * each and in any order; their e-mails go after the answer. A PaymentIntent
 * without the portal's metadata, a card declined, and any other event, is
 * received and ignored. Its contract's caller is 'service': Stripe sends no
 * `Sec-Fetch-Site`, and the signature is its proof (docs/security.md,
 * "Requests only from the portal's pages").
 */
export default contractFunction(stripeWebhookContract, async (_input, request, context) => {
  const signature = request.headers.get('stripe-signature');
  if (!signature) throw new HttpError(400, MESSAGES.missingSignature);
  const secret = webhookSecretFromEnv();
  const stripe = stripeFromEnv();
  const payload = await readBodyBytes(request, MAX_WEBHOOK_BYTES);
  const event = verifiedEvent(stripe, payload, signature, secret);
  if (!event) throw new HttpError(400, MESSAGES.badSignature);

  const cardEvent = cardEventOf(event);
  if (cardEvent) {
    const db = getDb();
    const { applied, mailId } = await applyCardEvent(db, cardEvent, mailContext(request));
    if (mailId) context.waitUntil(deliverMail(db, mailId));
    return { body: { received: true, applied } };
  }
  if (
    event.type !== 'payment_intent.succeeded' &&
    event.type !== 'payment_intent.processing' &&
    event.type !== 'payment_intent.payment_failed'
  ) {
    return { body: { received: true } };
  }
  const paymentIntent = event.data.object;
  if (!isPortalPayment(paymentIntent)) {
    console.warn(`${NAME}: PaymentIntent ${paymentIntent.id} has no portal metadata; event ${event.id} ignored`);
    return { body: { received: true } };
  }
  const db = getDb();
  if (event.type === 'payment_intent.payment_failed') {
    const failure = debitFailureOf(event);
    if (!failure) return { body: { received: true } };
    const { applied, mailId } = await applyDebitFailure(db, failure, mailContext(request));
    if (mailId) context.waitUntil(deliverMail(db, mailId));
    return { body: { received: true, applied } };
  }
  const { order, mailId } =
    event.type === 'payment_intent.processing'
      ? await recordProcessing(db, paymentIntent, event.created, NAME, mailContext(request))
      : await fulfilPayment(db, paymentIntent, NAME, mailContext(request));
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  return { body: { received: true, orderId: order.orderId, status: order.status } };
});

import type { Config } from '@netlify/functions';
import type Stripe from 'stripe';
import { RECORD_PAYMENT_MESSAGES, recordPaymentContract } from '@contracts/record-payment';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { contractFunction } from '../lib/platform/contract-function';
import { getDb } from '../lib/platform/firestore';
import { fulfilPayment } from '../lib/payments/fulfil-payment';
import { HttpError } from '../lib/platform/http';
import { isPortalPayment } from '../lib/orders/order-metadata';
import { isStripeNotFound, stripeFailure, stripeFromEnv } from '../lib/platform/stripe';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { assertSessionFamily, requireSession } from '../lib/platform/session';

const NAME = recordPaymentContract.name;

/** True when the PaymentIntent's charge was refunded (even in part) or disputed. */
function isRefundedOrDisputed(paymentIntent: Stripe.PaymentIntent): boolean {
  const charge = paymentIntent.latest_charge;
  if (!charge || typeof charge === 'string') return false;
  return charge.refunded || charge.amount_refunded > 0 || charge.disputed;
}

/** The PaymentIntent `id` with its latest charge, as Stripe has it (the browser's word is never taken). @throws HttpError 404, 502. */
async function retrievePaymentIntent(id: string): Promise<Stripe.PaymentIntent> {
  const stripe = stripeFromEnv();
  try {
    return await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
  } catch (error) {
    if (isStripeNotFound(error)) throw new HttpError(404, RECORD_PAYMENT_MESSAGES.notFound);
    throw stripeFailure(NAME, error);
  }
}

/**
 * record-payment (recordPaymentContract; docs/api.md, "record-payment"):
 * records the order of a card payment the browser saw succeed, so it is
 * recorded even where the Stripe webhook is not set up: a PaymentIntent of
 * the session's family that succeeded and was neither refunded nor
 * disputed (the webhook records those) is recorded exactly as the webhook
 * does (fulfilPayment; once, however often it is called).
 */
export default contractFunction(recordPaymentContract, async ({ paymentIntentId }, request, context) => {
  const session = await requireSession(request);
  const paymentIntent = await retrievePaymentIntent(paymentIntentId);
  if (paymentIntent.status !== 'succeeded') throw new HttpError(409, RECORD_PAYMENT_MESSAGES.notSucceeded(paymentIntent.status));
  if (isRefundedOrDisputed(paymentIntent)) throw new HttpError(409, RECORD_PAYMENT_MESSAGES.refundedOrDisputed);
  if (!isPortalPayment(paymentIntent)) {
    console.warn(`${NAME}: PaymentIntent ${paymentIntent.id} has no portal metadata`);
    throw new HttpError(422, RECORD_PAYMENT_MESSAGES.notPortalPayment);
  }
  assertSessionFamily(session, paymentIntent.metadata.family_id ?? '');
  const db = getDb();
  const { order, mailId } = await fulfilPayment(db, paymentIntent, NAME, mailContext(request));
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  // A payment refunded or disputed since it was recorded is refused above (its charge says so): only the two recorded statuses remain.
  const status = order.status === PAYMENT_STATUS.confirmed ? order.status : PAYMENT_STATUS.toVerify;
  return { body: { orderId: order.orderId, status } };
});

/** Netlify's rate limit: 20 requests a minute per address and domain (each call asks Stripe). */
export const config: Config = { rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

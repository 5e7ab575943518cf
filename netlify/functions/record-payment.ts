import type { Config } from '@netlify/functions';
import type Stripe from 'stripe';
import { z } from 'zod';
import { getDb } from '../lib/firestore';
import { FULFIL_MESSAGES, fulfilPayment, isPortalPayment } from '../lib/fulfil-payment';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { parseBody } from '../lib/order-request';
import { isStripeNotFound, PAYMENT_INTENT_ID, stripeFailure, stripeFromEnv } from '../lib/stripe';
import { deliverMail, mailContext } from '../lib/mail/outbox';
import { assertSessionFamily, requireSession } from '../lib/session';

const NAME = 'record-payment';

/** Italian messages of record-payment. */
export const RECORD_PAYMENT_MESSAGES = {
  malformed: 'Richiesta non valida: serve "paymentIntentId", il codice del pagamento (pi_...).',
  notFound: 'Pagamento non trovato.',
  refundedOrDisputed: 'Questo pagamento risulta rimborsato o contestato: non viene registrato. Per chiarimenti contatta il gruppo.',
} as const;

/** True when the PaymentIntent's charge was refunded (even in part) or disputed. */
function isRefundedOrDisputed(paymentIntent: Stripe.PaymentIntent): boolean {
  const charge = paymentIntent.latest_charge;
  if (!charge || typeof charge === 'string') return false;
  return charge.refunded || charge.amount_refunded > 0 || charge.disputed;
}

const bodySchema = z.object({
  paymentIntentId: z.string().regex(PAYMENT_INTENT_ID, { error: RECORD_PAYMENT_MESSAGES.malformed }),
});

/**
 * POST /.netlify/functions/record-payment (docs/api.md): records the order of
 * a card payment the browser saw succeed, so it is recorded even where the
 * Stripe webhook is not set up. Body `{ paymentIntentId: "pi_..." }`.
 * The PaymentIntent is retrieved from Stripe on the server (the browser's
 * word is never taken), with its latest charge, and, when it succeeded and
 * its charge was neither refunded nor disputed, recorded exactly as the
 * webhook does (fulfilPayment; idempotent per PaymentIntent id, so a
 * webhook before or after, a reload or a retry records it once).
 *
 * Answers 200 `{ orderId, status }` ('Confermato', or 'Da Verificare' when
 * the amount received does not match the order). Errors as Italian
 * `{ error }`: 400 for a malformed id; 404 when Stripe does not know the
 * PaymentIntent; 405 for other methods; 409 when it has not succeeded (the
 * message names its status) or its charge was refunded or disputed (the
 * webhook records it then); 422 when it is not a portal payment or its
 * order cannot be rebuilt (logged); 502 when Stripe fails; 503 when
 * STRIPE_SECRET_KEY or Firebase is not configured; 401 without the session
 * of the family the payment is for.
 */
export default jsonFunction(NAME, async (body, request, context) => {
  const session = await requireSession(request);
  const { paymentIntentId } = parseBody(bodySchema, body, RECORD_PAYMENT_MESSAGES.malformed);
  const stripe = stripeFromEnv();

  let paymentIntent: Stripe.PaymentIntent;
  try {
    paymentIntent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
  } catch (error) {
    if (isStripeNotFound(error)) throw new HttpError(404, RECORD_PAYMENT_MESSAGES.notFound);
    throw stripeFailure(NAME, error);
  }
  if (paymentIntent.status !== 'succeeded') throw new HttpError(409, FULFIL_MESSAGES.notSucceeded(paymentIntent.status));
  if (isRefundedOrDisputed(paymentIntent)) throw new HttpError(409, RECORD_PAYMENT_MESSAGES.refundedOrDisputed);
  if (!isPortalPayment(paymentIntent)) {
    console.warn(`${NAME}: PaymentIntent ${paymentIntent.id} has no portal metadata`);
    throw new HttpError(422, FULFIL_MESSAGES.notPortalPayment);
  }
  assertSessionFamily(session, paymentIntent.metadata.family_id ?? '');
  const db = getDb();
  const { order, mailId } = await fulfilPayment(db, paymentIntent, NAME, mailContext(request));
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  return jsonResponse(200, { orderId: order.orderId, status: order.status });
});

/** Netlify's rate limit: 20 requests a minute per address and domain (each call asks Stripe). */
export const config: Config = { rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type Stripe from 'stripe';
import { applyCardEvent, cardEventOf } from '../lib/card-events';
import { getDb } from '../lib/firestore';
import { fulfilPayment } from '../lib/fulfil-payment';
import { isPortalPayment } from '../lib/order-metadata';
import { errorResponse, jsonResponse, methodNotAllowed, readBodyBytes, responseForError } from '../lib/http';
import { MAX_WEBHOOK_BYTES, STRIPE_MESSAGES, stripeFromEnv, webhookSecretFromEnv } from '../lib/stripe';
import { deliverMail, mailContext } from '../lib/mail/outbox';
import type { FunctionContext } from '../lib/function-context';

const NAME = 'stripe-webhook';

/**
 * Verifies the `Stripe-Signature` header against the raw body and returns
 * the event.
 * @returns null when the header is missing or the signature does not verify
 * (wrong secret, altered body, too old).
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
 * POST /.netlify/functions/stripe-webhook (docs/api.md, "Stripe webhook"):
 * Stripe's events, verified with STRIPE_WEBHOOK_SECRET on the raw body
 * (at most 256 KB).
 *
 * On `payment_intent.succeeded` the order is rebuilt from the
 * PaymentIntent's metadata and Firestore and recorded with the PaymentIntent
 * id as order id (fulfilPayment: 'Confermato', or 'Da Verificare' with a
 * logged reason when the amount received differs from the recomputed
 * total); a second delivery, a replay or two deliveries at once record it
 * once. Answers 200 `{ received: true, orderId, status }`.
 * A PaymentIntent without any of the portal's metadata (not made by
 * create-payment-intent): 200 `{ received: true }`, nothing written.
 *
 * On `charge.refunded` (full or partial), `charge.refund.updated` (a
 * refund 'failed' or 'canceled') and `charge.dispute.created`, `.updated`
 * and `.closed` the PaymentIntent's refund and dispute are applied to the
 * books once, in one transaction (netlify/lib/card-events.ts): the payment
 * becomes 'Rimborsato' (refunded in full, or a dispute lost: the child may
 * buy the product again) or 'Contestato' (dispute open), a partial refund
 * keeps its status and records the refunded euros, a failed refund gives
 * them back (and the status and the products); the receipt gets its credit
 * notes (issued, or cancelled by a failed refund) and the family the
 * e-mail, sent after the answer. An event that arrives before the payment
 * is recorded is kept and applied when it is. Answers 200 `{ received:
 * true, applied: 'applied' | 'pending' | 'duplicate' }`. Every other event
 * type: 200 `{ received: true }`.
 *
 * Errors, as `{ error }` in Italian, never a stack: 400 when the signature
 * is missing or does not verify; 405 for other methods; 413 beyond 256 KB;
 * 422 (logged; Stripe retries) when the metadata cannot be rebuilt (family
 * gone, child not in the family, malformed metadata); 503 when
 * STRIPE_WEBHOOK_SECRET, STRIPE_SECRET_KEY or Firebase is not configured.
 */
export default async function stripeWebhook(request: Request, context: FunctionContext): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed();
  try {
    const signature = request.headers.get('stripe-signature');
    if (!signature) return errorResponse(400, STRIPE_MESSAGES.missingSignature);
    const secret = webhookSecretFromEnv();
    const stripe = stripeFromEnv();
    const payload = await readBodyBytes(request, MAX_WEBHOOK_BYTES);
    const event = verifiedEvent(stripe, payload, signature, secret);
    if (!event) return errorResponse(400, STRIPE_MESSAGES.badSignature);

    const cardEvent = cardEventOf(event);
    if (cardEvent) {
      const db = getDb();
      const { applied, mailId } = await applyCardEvent(db, cardEvent, mailContext(request));
      if (mailId) context.waitUntil(deliverMail(db, mailId));
      return jsonResponse(200, { received: true, applied });
    }
    if (event.type !== 'payment_intent.succeeded') return jsonResponse(200, { received: true });
    const paymentIntent = event.data.object;
    if (!isPortalPayment(paymentIntent)) {
      console.warn(`${NAME}: PaymentIntent ${paymentIntent.id} has no portal metadata; event ${event.id} ignored`);
      return jsonResponse(200, { received: true });
    }
    const db = getDb();
    const { order, mailId } = await fulfilPayment(db, paymentIntent, NAME, mailContext(request));
    if (mailId) context.waitUntil(deliverMail(db, mailId));
    return jsonResponse(200, { received: true, orderId: order.orderId, status: order.status });
  } catch (error) {
    return responseForError(error, NAME);
  }
}

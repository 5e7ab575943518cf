import { z } from 'zod/mini';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { defineContract } from './contract';

const received = z.literal(true);

/**
 * The Stripe events stripe-webhook acts on (docs/api.md, "stripe-webhook"):
 * a PaymentIntent paid, a debit processing or failed (netlify/lib/payments/stripe-debit-events.ts),
 * refunds and disputes (netlify/lib/payments/stripe-refund-events.ts). The webhook endpoint
 * subscribes to exactly these (`npm run setup`, docs/deploy.md); any other
 * event is answered `{ received: true }` and changes nothing.
 */
export const STRIPE_WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'charge.refunded',
  'charge.refund.updated',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
] as const;

/**
 * stripe-webhook (docs/api.md, "stripe-webhook"): Stripe's events. Its
 * request is no JSON of ours but Stripe's signed raw body, which the
 * function reads and verifies itself (`request: null`); Stripe, not a
 * browser, calls it (`caller: 'service'`: no origin or content-type check).
 * It answers a paid
 * PaymentIntent's order as recorded (`orderId`, `status`; a debit's
 * 'processing' too), a refund's, a dispute's or a debit failure's effect on
 * the books (`applied`: 'applied', 'pending' until the payment is recorded,
 * 'duplicate', or 'unchanged' for a failure after the debit succeeded), or
 * `{ received: true }` alone for any other event.
 */
export const stripeWebhookContract = defineContract({
  name: 'stripe-webhook',
  method: 'POST',
  caller: 'service',
  request: null,
  answer: z.union([
    z.object({ received, orderId: z.string(), status: z.enum(PAYMENT_STATUS) }),
    z.object({ received, applied: z.enum(['applied', 'pending', 'duplicate', 'unchanged']) }),
    z.object({ received }),
  ]),
  messages: {
    /** 400: no `Stripe-Signature` header. */
    missingSignature: 'Firma Stripe mancante: richiesta rifiutata.',
    /** 400: a signature that does not verify (wrong secret, altered body, too old). */
    badSignature: 'Firma Stripe non valida: richiesta rifiutata.',
  },
});

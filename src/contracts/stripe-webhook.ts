import { z } from 'zod/mini';
import { PAYMENT_STATUS } from '@domain/payment-status';
import { defineContract } from './contract';

const received = z.literal(true);

/**
 * stripe-webhook (docs/api.md, "stripe-webhook"): Stripe's events. Its
 * request is no JSON of ours but Stripe's signed raw body, which the
 * function reads and verifies itself (`request: null`). It answers a paid
 * PaymentIntent's order as recorded (`orderId`, `status`; a debit's
 * 'processing' too), a refund's, a dispute's or a debit failure's effect on
 * the books (`applied`: 'applied', 'pending' until the payment is recorded,
 * 'duplicate', or 'unchanged' for a failure after the debit succeeded), or
 * `{ received: true }` alone for any other event.
 */
export const stripeWebhookContract = defineContract({
  name: 'stripe-webhook',
  method: 'POST',
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

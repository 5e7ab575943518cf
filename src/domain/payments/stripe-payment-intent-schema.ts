import { z } from 'zod';
import { timestamp } from '../collections';

/**
 * `stripe_payment_intents/{PaymentIntent id}`: what Stripe's refund and
 * dispute events reported of a card payment, kept even before its order is
 * recorded (an event may arrive first), in euros (converted at the Stripe
 * boundary). The server writes it; nobody else reads it.
 */
export const stripePaymentIntentDocument = z.object({
  id: z.string(),
  charged_amount: z.number().nonnegative(),
  refunded_amount: z.number().nonnegative(),
  dispute: z.enum(['open', 'won', 'lost']).nullable(),
  /** When Stripe created the latest dispute event applied (Unix seconds): an older one arriving late changes nothing. */
  dispute_event_created: z.number().int().nonnegative(),
  /** When Stripe created the `charge.refunded` event whose `amount_refunded` is `refunded_amount` (Unix seconds; 0 for older documents). */
  refund_report_created: z.number().int().nonnegative().default(0),
  /**
   * Refunds Stripe reported failed or canceled (`charge.refund.updated`), by
   * refund id: euros, when the refund was created and when it failed (Unix
   * seconds). netlify/lib/payments/stripe-refund-events.ts takes them out of what was refunded.
   */
  failed_refunds: z
    .record(z.string(), z.object({ amount: z.number().nonnegative(), refund_created: z.number(), failed_at: z.number() }))
    .default({}),
  /** When Stripe created the `payment_intent.payment_failed` of a debit (SEPA) applied last (Unix seconds; 0: none), kept for an order recorded after it (docs/data-model.md, "Asynchronous payments"). */
  debit_failed_at: z.number().int().nonnegative().default(0),
  updated_at: timestamp,
});
export type StripePaymentIntentDocument = z.infer<typeof stripePaymentIntentDocument>;

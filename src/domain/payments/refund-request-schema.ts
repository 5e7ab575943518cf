import { z } from 'zod';
import { timestamp } from '../collections';

/**
 * `refund_requests/{idempotency key}`: one refund asked through 'Rimborsa'
 * (docs/admin-orders.md, "Rimborsa"): the payment, euros, who and when. A
 * card refund is 'pending' from its reservation until Stripe answers for
 * sure, then 'made' (with Stripe's refund id); `lease_until` is set while
 * one request is asking Stripe, so two retries at once ask once. Older
 * documents were written once made. Server only.
 */
export const refundRequestDocument = z.object({
  payment_id: z.string(),
  amount: z.number().positive(),
  by: z.string(),
  at: timestamp,
  state: z.enum(['pending', 'made']).default('made'),
  lease_until: timestamp.nullable().default(null),
  stripe_refund_id: z.string().nullable().default(null),
});
export type RefundRequestDocument = z.infer<typeof refundRequestDocument>;

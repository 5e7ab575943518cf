import { z } from 'zod/mini';
import { defineContract } from './contract';
import { answeredLineSchema, ORDER_MESSAGES, orderRequestSchema } from './order-request';

/**
 * create-order, POST with the family's session (docs/api.md, "create-order
 * (Bonifico)"): the order request, recorded as a Bonifico 'Da Verificare'.
 * 201 for a new order, 200 with the same body for an idempotency key used
 * before: the order as priced and recorded, and the transfer's reason with
 * the order's reference code.
 */
export const createOrderContract = defineContract({
  name: 'create-order',
  method: 'POST',
  request: orderRequestSchema,
  answer: z.object({
    orderId: z.string(),
    /** Euros. */
    totalEuros: z.number(),
    paymentReason: z.string(),
    lines: z.array(answeredLineSchema),
  }),
  messages: ORDER_MESSAGES,
});
export type CreatedOrder = z.output<typeof createOrderContract.answer>;

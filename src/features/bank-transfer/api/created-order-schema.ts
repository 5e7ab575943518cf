import { z } from 'zod';
import { SIZES } from '@domain/plans';

/** The answer of create-order (docs/api.md): the order as the server priced and recorded it. */
export const createdOrderSchema = z.object({
  orderId: z.string(),
  /** Euros. */
  totalEuros: z.number(),
  paymentReason: z.string(),
  lines: z.array(
    z.object({
      childId: z.string(),
      name: z.string(),
      plan: z.string(),
      size: z.union([z.enum(SIZES), z.literal('')]),
      priceEuros: z.number(),
    }),
  ),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

import { z } from 'zod';
import { seasonField, timestamp } from '../collections';

/** `orders/{id}`: links a family, its items and its payment. */
export const orderDocument = z.object({
  id: z.string(),
  created_at: timestamp,
  season: seasonField,
  family_id: z.string(),
  order_items: z.array(z.string()),
  payment_id: z.string(),
});
export type OrderDocument = z.infer<typeof orderDocument>;

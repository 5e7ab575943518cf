import { z } from 'zod';
import { SIZES } from '../catalogue/sizes';
import { planField, seasonField, timestamp } from '../collections';

/**
 * `order_items/{id}`: one child, one plan; `note` is the size or ''; `price`
 * in euros. `season`, `family_id` and `payment_id` are copied from the order
 * so a family's or a season's items are one query (docs/data-model.md).
 * Code reads and writes its line (OrderLine) through
 * src/domain/orders/order-line-fields.ts, never these field names.
 */
export const orderItemDocument = z.object({
  id: z.string(),
  created_at: timestamp,
  season: seasonField,
  family_id: z.string(),
  payment_id: z.string(),
  note: z.union([z.enum(SIZES), z.literal('')]),
  plan: planField,
  son_info: z.object({ id: z.string(), name: z.string(), surname: z.string() }),
  price: z.number().nonnegative(),
});
export type OrderItemDocument = z.infer<typeof orderItemDocument>;

import { z } from 'zod';
import { seasonField } from '../collections';

/**
 * `transfer_references/{code}`: the Bonifico order a reference code was
 * given to ('CE25-7K3Q', src/domain/payments/transfer-reference.ts), created in the
 * transaction that records the order, so no two orders share a code and a
 * statement line finds its payment in one read. Server only.
 */
export const transferReferenceDocument = z.object({
  code: z.string(),
  payment_id: z.string(),
  order_id: z.string(),
  family_id: z.string(),
  season: seasonField,
});
export type TransferReferenceDocument = z.infer<typeof transferReferenceDocument>;

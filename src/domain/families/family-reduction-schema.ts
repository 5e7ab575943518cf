import { z } from 'zod';
import { seasonField, timestamp } from '../collections';

/**
 * `family_reductions/{season}_{familyId}_{productId}`: a family's 'Riduzione'
 * of one product in a season (docs/admin.md, "Riduzione"): euros off the
 * family's total (`kind` 'amount') or a percentage of it ('percent'), the
 * reason the admin or treasurer gave (never shown to a parent), who set it
 * and when. Written and deleted by admin-family-reduction with its
 * `audit_log` entry; server only.
 */
export const familyReductionDocument = z.object({
  id: z.string(),
  season: seasonField,
  family_id: z.string(),
  /** The catalogue product's id ('campo-saldo'). */
  product: z.string().min(1),
  kind: z.enum(['amount', 'percent']),
  value: z.number().nonnegative(),
  reason: z.string(),
  updated_at: timestamp,
  updated_by: z.string(),
});
export type FamilyReductionDocument = z.infer<typeof familyReductionDocument>;

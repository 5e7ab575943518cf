import { z } from 'zod';
import { timestamp } from '../collections';
import { MODELLO_D_CODES } from './modello-d';

/**
 * `account_lines/group`: the Modello D line each product's income falls on
 * in 'Rendiconto' (docs/admin.md, "Rendiconto"), by product name (a
 * payment's `plan`, or the card fee's row), kept once for the group and
 * changed by the treasurer (audited); a product not in it falls on its
 * default (src/domain/accounts/accounts.ts). Server only.
 */
export const accountLinesDocument = z.object({
  lines: z.record(z.string(), z.enum(MODELLO_D_CODES)).default({}),
  updated_at: timestamp.nullable().default(null),
  updated_by: z.string().nullable().default(null),
});
export type AccountLinesDocument = z.infer<typeof accountLinesDocument>;

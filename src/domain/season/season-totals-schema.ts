import { z } from 'zod';
import { seasonField } from '../collections';

/**
 * `season_totals/{season}`: the season's payments counted by method,
 * product and status (`rows`, keyed '{method}|{product}|{status}': how many,
 * how many euros), kept by the transactions that write payments
 * (src/domain/season/season-totals.ts). The admin and the treasurer read it.
 * `contributions`: the 'Contributo al fondo di solidarietà' of the payments
 * that carry one, by the same keys, apart from the products' euros.
 */
export const seasonTotalsDocument = z.object({
  season: seasonField,
  rows: z.record(z.string(), z.object({ count: z.number(), total: z.number() })).default({}),
  contributions: z.record(z.string(), z.object({ count: z.number(), total: z.number() })).default({}),
});
export type SeasonTotalsDocument = z.infer<typeof seasonTotalsDocument>;

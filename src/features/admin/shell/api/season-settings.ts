import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SEASON } from '@config/season';
import { paymentDeadlinesSchema } from '@domain/season-settings';
import { seasonProductSchema } from '@domain/catalogue-schema';
import { priceRuleSchema } from '@domain/price-rule-schema';
import { SPEC_PRODUCTS } from '@domain/products';
import { queryKeys } from '@/lib/api/query-keys';
import { callAdminFunction } from './admin-functions';

/**
 * The season's settings through admin-season-settings (docs/admin.md,
 * "Impostazioni stagione"): the server checks the admin and writes the
 * audit entry.
 */

/** What admin-season-settings answers: a season's settings as 'Impostazioni' shows them. */
export const seasonSettingsViewSchema = z.object({
  season: z.number(),
  cardFee: z.boolean(),
  prices: z.record(z.enum(SPEC_PRODUCTS), priceRuleSchema),
  products: z.array(seasonProductSchema),
  bankAccount: z.object({ holder: z.string(), iban: z.string() }),
  medicalForm: z.object({ cutoff: z.iso.date(), folder: z.string() }),
  deadlines: paymentDeadlinesSchema,
  nextPrepared: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type SeasonSettingsView = z.infer<typeof seasonSettingsViewSchema>;

/** The settings of `season`: the portal's (`SEASON.campYear`) or the next one, once prepared. */
export function seasonSettingsQueryOptions(season: number = SEASON.campYear) {
  return queryOptions({
    queryKey: [...queryKeys.seasonSettings, season],
    queryFn: () => callAdminFunction('admin-season-settings', { action: 'read', season }, seasonSettingsViewSchema),
  });
}

/** {@link seasonSettingsQueryOptions} as a hook. */
export function useSeasonSettings(season?: number) {
  return useQuery(seasonSettingsQueryOptions(season));
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { BankAccount } from '@/domain/bank-account';
import type { PriceRule } from '@/domain/price-rule';
import type { SeasonProduct } from '@/domain/catalogue';
import { seasonProductSchema } from '@/domain/catalogue-schema';
import { priceRuleSchema } from '@/domain/price-rule-schema';
import { SPEC_PRODUCTS, type SpecProduct } from '@/domain/products';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';
import { callAdminFunction } from './admin-functions';

/**
 * The season's settings through admin-season-settings (docs/admin.md,
 * "Impostazioni stagione"): the server checks the admin and writes the
 * audit entry.
 */

const answerSchema = z.object({
  season: z.number(),
  cardFee: z.boolean(),
  prices: z.record(z.enum(SPEC_PRODUCTS), priceRuleSchema),
  products: z.array(seasonProductSchema),
  bankAccount: z.object({ holder: z.string(), iban: z.string() }),
  updatedBy: z.string().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type SeasonSettingsView = z.infer<typeof answerSchema>;

/** The current season's settings. */
export function seasonSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.seasonSettings,
    queryFn: () => callAdminFunction('admin-season-settings', { action: 'read' }, answerSchema),
  });
}

/** {@link seasonSettingsQueryOptions} as a hook. */
export function useSeasonSettings() {
  return useQuery(seasonSettingsQueryOptions());
}

/** What an admin changes: the card fee, the rules of the spec's products named, the season's own products, the account. */
export interface SeasonSettingsChange {
  cardFee?: boolean;
  prices?: Partial<Record<SpecProduct, PriceRule>>;
  /** The season's own products, all of them (the list replaces the saved one). */
  products?: SeasonProduct[];
  /** The account for the Bonifico, checked (bankAccountSchema). */
  bankAccount?: BankAccount;
}

/** Saves a change of the season's settings; the answer replaces what the screen shows, and the 'Registro' and the payment screens' prices are read again. */
export function useUpdateSeasonSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.updateSeasonSettings,
    mutationFn: (change: SeasonSettingsChange) => callAdminFunction('admin-season-settings', { action: 'update', ...change }, answerSchema),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.seasonSettings, answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.publicSeasonSettings }),
      ]);
    },
  });
}

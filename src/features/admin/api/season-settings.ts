import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { BankAccount } from '@domain/bank-account';
import type { MedicalFormSettings } from '@domain/medical-form-settings';
import { SEASON } from '@config/season';
import { paymentDeadlinesSchema, type PaymentDeadlines } from '@domain/season-settings';
import type { PriceRule } from '@domain/price-rule';
import type { SeasonProduct } from '@domain/catalogue';
import { seasonProductSchema } from '@domain/catalogue-schema';
import { priceRuleSchema } from '@domain/price-rule-schema';
import { SPEC_PRODUCTS, type SpecProduct } from '@domain/products';
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
  medicalForm: z.object({ cutoff: z.iso.date(), folder: z.string() }),
  deadlines: paymentDeadlinesSchema,
  nextPrepared: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type SeasonSettingsView = z.infer<typeof answerSchema>;

/** The settings of `season`: the portal's (`SEASON.campYear`) or the next one, once prepared. */
export function seasonSettingsQueryOptions(season: number = SEASON.campYear) {
  return queryOptions({
    queryKey: [...queryKeys.seasonSettings, season],
    queryFn: () => callAdminFunction('admin-season-settings', { action: 'read', season }, answerSchema),
  });
}

/** {@link seasonSettingsQueryOptions} as a hook. */
export function useSeasonSettings(season?: number) {
  return useQuery(seasonSettingsQueryOptions(season));
}

/** What an admin changes: the card fee, the rules of the spec's products named, the season's own products, the account. */
export interface SeasonSettingsChange {
  cardFee?: boolean;
  prices?: Partial<Record<SpecProduct, PriceRule>>;
  /** The season's own products, all of them (the list replaces the saved one). */
  products?: SeasonProduct[];
  /** The account for the Bonifico, checked (bankAccountSchema). */
  bankAccount?: BankAccount;
  /** The medical form's cutoff day and folder, checked (medicalFormSettingsSchema). */
  medicalForm?: MedicalFormSettings;
  /** The last day to pay each spec product that has one, all of them (the record replaces the saved one). */
  deadlines?: PaymentDeadlines;
}

/** Saves a change of `season`'s settings; the answer replaces what the screen shows, and the orders and the payment screens' prices are read again. */
export function useUpdateSeasonSettings(season: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.updateSeasonSettings,
    mutationFn: (change: SeasonSettingsChange) =>
      callAdminFunction('admin-season-settings', { action: 'update', season, ...change }, answerSchema),
    onSuccess: (answer) => {
      queryClient.setQueryData(seasonSettingsQueryOptions(answer.season).queryKey, answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.publicSeasonSettings }),
      ]);
    },
  });
}

/** 'Nuova stagione': prepares the next season from the portal's settings; the answer is the next season's. */
export function usePrepareNextSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.prepareNextSeason,
    mutationFn: () => callAdminFunction('admin-season-settings', { action: 'newSeason' }, answerSchema),
    onSuccess: (answer) => {
      queryClient.setQueryData(seasonSettingsQueryOptions(answer.season).queryKey, answer);
      return queryClient.invalidateQueries({ queryKey: seasonSettingsQueryOptions().queryKey });
    },
  });
}

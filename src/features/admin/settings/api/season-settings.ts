import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccount } from '@domain/bank-account';
import type { SeasonProduct } from '@domain/catalogue';
import type { MedicalFormSettings } from '@domain/medical-form-settings';
import type { PriceRule } from '@domain/price-rule';
import type { SpecProduct } from '@domain/products';
import type { PaymentDeadlines } from '@domain/season-settings';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';
import { callAdminFunction } from '@/features/admin/shell/api/admin-functions';
import { seasonSettingsQueryOptions, seasonSettingsViewSchema } from '@/features/admin/shell/api/season-settings';

/** Changes to the season's settings through admin-season-settings (docs/admin.md, "Impostazioni stagione"), audited by the server. */

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
      callAdminFunction('admin-season-settings', { action: 'update', season, ...change }, seasonSettingsViewSchema),
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
    mutationFn: () => callAdminFunction('admin-season-settings', { action: 'newSeason' }, seasonSettingsViewSchema),
    onSuccess: (answer) => {
      queryClient.setQueryData(seasonSettingsQueryOptions(answer.season).queryKey, answer);
      return queryClient.invalidateQueries({ queryKey: seasonSettingsQueryOptions().queryKey });
    },
  });
}

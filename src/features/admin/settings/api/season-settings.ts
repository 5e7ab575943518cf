import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSeasonSettingsContract } from '@contracts/admin-season-settings';
import type { RequestOf } from '@contracts/contract';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';
import { callAdminContract } from '@/features/admin/shell/api/admin-functions';
import { seasonSettingsQueryOptions } from '@/features/admin/shell/api/season-settings';

/** Changes to the season's settings through admin-season-settings (adminSeasonSettingsContract; docs/admin.md, "Impostazioni stagione"), audited by the server. */

/**
 * What an admin changes (the contract's `update`): the card fee, the rules
 * of the seeded products named, the season's own products (all of them),
 * the account, the medical form, the deadlines (all of them).
 */
export type SeasonSettingsChange = Omit<Extract<RequestOf<typeof adminSeasonSettingsContract>, { action: 'update' }>, 'action' | 'season'>;

/** Saves a change of `season`'s settings; the answer replaces what the screen shows, and every admin read and the payment screens' prices are read again. */
export function useUpdateSeasonSettings(season: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.updateSeasonSettings,
    mutationFn: (change: SeasonSettingsChange) => callAdminContract(adminSeasonSettingsContract, { action: 'update', season, ...change }),
    onSuccess: (answer) => {
      queryClient.setQueryData(seasonSettingsQueryOptions(answer.season).queryKey, answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
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
    mutationFn: () => callAdminContract(adminSeasonSettingsContract, { action: 'newSeason' }),
    onSuccess: (answer) => {
      queryClient.setQueryData(seasonSettingsQueryOptions(answer.season).queryKey, answer);
      return queryClient.invalidateQueries({ queryKey: seasonSettingsQueryOptions().queryKey });
    },
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
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

/** Turns the card fee on or off; the answer replaces what the screen shows, and the 'Registro' is read again. */
export function useUpdateCardFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.updateSeasonSettings,
    mutationFn: (cardFee: boolean) => callAdminFunction('admin-season-settings', { action: 'update', cardFee }, answerSchema),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.seasonSettings, answer);
      return queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders });
    },
  });
}

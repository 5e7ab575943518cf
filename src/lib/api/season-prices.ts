import { queryOptions } from '@tanstack/react-query';
import type { PublicSeasonSettings } from '@contracts/season-settings';
import { callContract } from '@/lib/api/functions-client';
import { queryKeys } from '@/lib/api/query-keys';

/** The contract, loaded on demand with zod/mini (not in the first bundle). */
const loadContract = async () => (await import('@contracts/season-settings')).seasonSettingsContract;

/**
 * The current season's public settings through the season-settings function
 * (docs/api.md): the products' price rules and the card fee, as the
 * treasurer set them in 'Impostazioni stagione'. Kept for 30 s, like the
 * functions keep them.
 * @throws UserFacingError when the function cannot be reached or answers an error.
 */
export function seasonPricesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.publicSeasonSettings,
    queryFn: (): Promise<PublicSeasonSettings> => callContract(loadContract, null),
    staleTime: 30_000,
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { PublicSeasonSettings } from '@domain/season-settings';
import { callFunction } from '@/lib/api/functions-client';
import { queryKeys } from '@/lib/api/query-keys';

/** The answer's schema, loaded on demand with zod (not in the first bundle). */
const loadSchema = async () => (await import('@domain/season-settings')).publicSeasonSettingsSchema;

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
    queryFn: (): Promise<PublicSeasonSettings> => callFunction('season-settings', null, loadSchema),
    staleTime: 30_000,
  });
}

import type { PublicSeasonSettings } from '@contracts/season-settings';
import { callContract } from '@/lib/api/functions-client';

/** The contract, loaded on demand with zod/mini (not in the first bundle). */
const loadContract = async () => (await import('@contracts/season-settings')).seasonSettingsContract;

/** How long a screen may reuse an answer, in ms: the functions keep the settings as long. */
export const SEASON_PRICES_FRESH_MS = 30_000;

/**
 * The current season's public settings through the season-settings function
 * (docs/api.md): the products' price rules and the card fee, as the
 * treasurer set them in 'Impostazioni stagione'.
 * @throws UserFacingError when the function cannot be reached or answers an error.
 */
export function fetchSeasonPrices(): Promise<PublicSeasonSettings> {
  return callContract(loadContract, null);
}

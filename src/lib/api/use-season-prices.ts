import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { fetchSeasonPrices, SEASON_PRICES_FRESH_MS } from './season-prices';

/**
 * {@link fetchSeasonPrices} as a query, for the lazily loaded screens that show the prices with their loading and
 * failure states (react-query stays out of the first visit).
 */
export function useSeasonPrices() {
  return useQuery({ queryKey: queryKeys.publicSeasonSettings, queryFn: () => fetchSeasonPrices(), staleTime: SEASON_PRICES_FRESH_MS });
}

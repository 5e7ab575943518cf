import { useQuery } from '@tanstack/react-query';
import { seasonPricesQueryOptions } from './season-prices';

/** {@link seasonPricesQueryOptions} as a hook, for the lazily loaded screens (react-query's observer stays out of the first bundle). */
export function useSeasonPrices() {
  return useQuery(seasonPricesQueryOptions());
}

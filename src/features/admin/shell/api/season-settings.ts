import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { adminSeasonSettingsContract } from '@contracts/admin-season-settings';
import { SEASON } from '@config/season';
import type { CatalogueProduct } from '@domain/catalogue/product';
import { seasonCatalogue, seedCatalogue } from '@domain/catalogue/season-catalogue';
import { queryKeys } from '@/lib/api/query-keys';
import { callAdminContract } from './admin-functions';

/**
 * The season's settings through admin-season-settings (adminSeasonSettingsContract;
 * docs/admin.md, "Impostazioni stagione"): the server checks the admin and
 * writes the audit entry.
 */

/** The settings of `season`: the portal's (`SEASON.campYear`) or the next one, once prepared. */
export function seasonSettingsQueryOptions(season: number = SEASON.campYear) {
  return queryOptions({
    queryKey: [...queryKeys.seasonSettings, season],
    queryFn: () => callAdminContract(adminSeasonSettingsContract, { action: 'read', season }),
  });
}

/** {@link seasonSettingsQueryOptions} as a hook. */
export function useSeasonSettings(season?: number) {
  return useQuery(seasonSettingsQueryOptions(season));
}

/**
 * The catalogue of `season` as the admin's views show it (its products'
 * columns, filters and choices): the seeded products and, for the portal's
 * season and the next (the ones admin-season-settings reads), the season's
 * own products once their settings are read; the seeded products alone for
 * an earlier season, or while the settings load or cannot be read.
 */
export function useSeasonCatalogue(season: number): CatalogueProduct[] {
  const editable = season === SEASON.campYear || season === SEASON.campYear + 1;
  const { data } = useQuery({ ...seasonSettingsQueryOptions(season), enabled: editable });
  return useMemo(
    () => (editable && data ? seasonCatalogue(data.prices, data.products, data.instalments) : seedCatalogue()),
    [editable, data],
  );
}

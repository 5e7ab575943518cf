import { SEASON, seasonChoices } from '@config/season';
import { useSearchParamsUpdate } from './use-search-params-update';

/** The search parameter of the admin views that names the season: /admin/check-pagamenti?stagione=… */
export const SEASON_PARAM = 'stagione';

/**
 * The season the admin views show (docs/admin.md, "Season"), kept in the
 * address so a reload or a shared link shows the same one: `?stagione=`
 * when it names one of {@link seasonChoices}, `SEASON.campYear` otherwise.
 * Returns the camp year and a setter that keeps the other parameters.
 */
export function useAdminSeason(): [season: number, setSeason: (season: number) => void] {
  const [params, update] = useSearchParamsUpdate();
  const asked = Number(params.get(SEASON_PARAM));
  const season = seasonChoices().includes(asked) ? asked : SEASON.campYear;
  const setSeason = (next: number) =>
    update((current) => {
      const updated = new URLSearchParams(current);
      if (next === SEASON.campYear) updated.delete(SEASON_PARAM);
      else updated.set(SEASON_PARAM, String(next));
      return updated;
    });
  return [season, setSeason];
}

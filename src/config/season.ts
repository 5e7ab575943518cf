import { season } from '../../group.config.json';

/**
 * The season (docs/product.md, "Season"; docs/admin.md, "Nuova stagione"):
 * its year is `season` in group.config.json, checked when the site builds;
 * every screen, payment reason, function and admin view reads it from here;
 * a test (tests/unit/config/season.test.ts) fails when a file of src/ or
 * netlify/ names a year. What changes from season to season (prices,
 * products, account, medical form) is in the season's settings.
 */
const campYear: number = season;

export const SEASON = {
  /**
   * The camp year: the title of /campo-estivo, the Bonifico reasons, the
   * medical forms, and the `season` every order, item and payment is
   * recorded with (docs/data-model.md).
   */
  campYear,
  /**
   * The season's first day, 1 February, midnight in Italy (CET, UTC+1): a
   * medical form received before it belongs to an earlier season.
   */
  startsAt: new Date(`${campYear}-02-01T00:00:00+01:00`),
  /** How many seasons the admin's season picker offers: this one and the ones before. */
  seasonsShown: 5,
} as const;

/** The camp years the admin can pick, newest first: this season and the {@link SEASON.seasonsShown} − 1 before it. */
export function seasonChoices(): number[] {
  return Array.from({ length: SEASON.seasonsShown }, (_, index) => SEASON.campYear - index);
}

import { italianDay, italianMidnight } from '../italian-time';

/**
 * The scout year (docs/admin.md, "Rendiconto"): 1 October to 30 September,
 * Italian time, named by the calendar year it starts in. The group's books
 * ('rendiconto per cassa', 'prima nota') follow it; the summer camp of the
 * camp year `startYear + 1` (`SEASON.campYear`) falls inside it. Pure.
 */

/** A scout year: its first calendar year, its first and last day (yyyy-mm-dd) and the instants it spans [from, until). */
export interface ScoutYear {
  startYear: number;
  firstDay: string;
  lastDay: string;
  from: Date;
  until: Date;
  /** '{start}/{end}', e.g. the year starting in October of one year and ending the next. */
  label: string;
  /** The camp year whose summer camp falls in it. */
  campYear: number;
}

/** The scout year that starts on 1 October of `startYear`. */
export function scoutYear(startYear: number): ScoutYear {
  const firstDay = `${startYear}-10-01`;
  const nextFirstDay = `${startYear + 1}-10-01`;
  return {
    startYear,
    firstDay,
    lastDay: `${startYear + 1}-09-30`,
    from: italianMidnight(firstDay),
    until: italianMidnight(nextFirstDay),
    label: `${startYear}/${startYear + 1}`,
    campYear: startYear + 1,
  };
}

/** The first calendar year of the scout year `date` falls in, in Italy: October to December start one, January to September belong to the one before. */
export function scoutYearOf(date: Date): number {
  const [year, month] = italianDay(date).split('-').map(Number) as [number, number];
  return month >= 10 ? year : year - 1;
}

/** The scout year of a camp year: the one whose summer holds the camp. */
export function scoutYearOfCamp(campYear: number): ScoutYear {
  return scoutYear(campYear - 1);
}

/** True when `date` falls in `year` (its first instant included, the next year's excluded). */
export function inScoutYear(date: Date, year: Pick<ScoutYear, 'from' | 'until'>): boolean {
  return date.getTime() >= year.from.getTime() && date.getTime() < year.until.getTime();
}

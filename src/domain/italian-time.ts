/**
 * Dates as Italy reads them (Europe/Rome), whatever the runtime's time zone:
 * a function on Netlify runs in UTC, and a payment at 00:30 on 1 January in
 * Italy belongs to the new year.
 */

const ROME = 'Europe/Rome';

/**
 * One formatter per shape, made on first use: building an `Intl.DateTimeFormat` loads the time zone's data, tens of
 * times the cost of formatting with one (a phone's first paint, a year's accounts).
 */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: ROME }));
}

const dateFormat = formatter('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = formatter('it-IT', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const yearFormat = formatter('en', { year: 'numeric' });
const dayFormat = formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** `date` as dd/mm/yyyy in Italy: 31 December 23:30 UTC is 1 January there. */
export function italianDate(date: Date): string {
  return dateFormat().format(date);
}

/** `date` as dd/mm/yyyy hh:mm in Italy (who opened a medical form, and when). */
export function italianDateTime(date: Date): string {
  return `${italianDate(date)} ${timeFormat().format(date)}`;
}

/** The calendar year of `date` in Italy. */
export function italianYear(date: Date): number {
  return Number(yearFormat().format(date));
}

/** The calendar day of `date` in Italy as yyyy-mm-dd (how a product's closing day is kept). */
export function italianDay(date: Date): string {
  return dayFormat().format(date);
}

/** A yyyy-mm-dd day as Italians write it: '{year}-03-20' → '20/03/{year}'. */
export function italianDayText(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** The instant a yyyy-mm-dd day begins in Italy: '{year}-02-01' → 31 January, 23:00 UTC (CET), a summer day 22:00 UTC (CEST). */
export function italianMidnight(day: string): Date {
  // Midnight at UTC+2 falls on the day before in winter (23:00 CET): then Italy is at UTC+1.
  const summer = new Date(`${day}T00:00:00+02:00`);
  return italianDay(summer) === day ? summer : new Date(`${day}T00:00:00+01:00`);
}

/** `day` (yyyy-mm-dd) one year later: 29 February becomes 28 February. */
export function dayYearLater(day: string): string {
  const [year, month, date] = day.split('-');
  const next = `${Number(year) + 1}-${month}-${date}`;
  return month === '02' && date === '29' ? `${Number(year) + 1}-02-28` : next;
}

/** The instant the Italian day after the one of `date` begins: at 23:30 in Rome, half an hour later. */
export function nextItalianMidnight(date: Date): Date {
  // 36 hours after today's midnight is always inside tomorrow, whatever the clock change.
  return italianMidnight(italianDay(new Date(italianMidnight(italianDay(date)).getTime() + 36 * 60 * 60_000)));
}

/**
 * Dates as Italy reads them (Europe/Rome), whatever the runtime's time zone:
 * a function on Netlify runs in UTC, and a payment at 00:30 on 1 January in
 * Italy belongs to the new year.
 */

const ROME = 'Europe/Rome';

/** `date` as dd/mm/yyyy in Italy: 31 December 23:30 UTC is 1 January there. */
export function italianDate(date: Date): string {
  return new Intl.DateTimeFormat('it-IT', { timeZone: ROME, day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

/** The calendar year of `date` in Italy. */
export function italianYear(date: Date): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: ROME, year: 'numeric' }).format(date));
}

/** The calendar day of `date` in Italy as yyyy-mm-dd (how a product's closing day is kept). */
export function italianDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ROME, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** A yyyy-mm-dd day as Italians write it: '{year}-03-20' → '20/03/{year}'. */
export function italianDayText(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

import { format } from 'date-fns';

/**
 * How the admin's CSV exports write values for a spreadsheet in Italian
 * (docs/admin.md, "Export"): dates dd/mm/yyyy, euros with a decimal comma
 * and two decimals, no thousands separator.
 */

/** A date as dd/mm/yyyy (two-digit day and month, four-digit year) in the runtime's time zone. */
export function spreadsheetDate(date: Date): string {
  return format(date, 'dd/MM/yyyy');
}

/** Euros with a decimal comma and two decimals: 1234.5 -> '1234,50', 0 -> '0,00'. */
export function spreadsheetEuros(euros: number): string {
  return euros.toFixed(2).replace('.', ',');
}

import { format } from 'date-fns';
import Papa from 'papaparse';

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

/** The byte order mark that tells a spreadsheet the file is UTF-8. */
const UTF8_BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula: it starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return (OWASP's CSV injection list), unless it is
 * an Italian number such as '-50,00', which must stay a number.
 */
const FORMULA_START = /^[=+\-@\t\r](?!\d+(?:,\d+)?$)/;

/**
 * A CSV text for a spreadsheet in Italian (docs/admin.md, "Export"): a
 * header line then one line per row, `;` between fields, CRLF line ends,
 * quoted by papaparse where a value needs it, prefixed with the UTF-8 BOM.
 * A cell that would run as a formula (a surname '=HYPERLINK(…)') is
 * written with a leading `'` (papaparse's `escapeFormulae`), so the
 * spreadsheet shows it as text. Values are written as given: format dates
 * and euros first (src/domain/spreadsheet-format.ts).
 */
export function toSpreadsheetCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return (
    UTF8_BOM +
    Papa.unparse(
      { fields: [...header], data: rows.map((row) => [...row]) },
      { delimiter: ';', newline: '\r\n', escapeFormulae: FORMULA_START },
    )
  );
}

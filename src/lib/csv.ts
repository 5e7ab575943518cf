import Papa from 'papaparse';

/** The byte order mark that tells a spreadsheet the file is UTF-8. */
const UTF8_BOM = '\uFEFF';

/**
 * A CSV text for a spreadsheet in Italian (docs/admin.md, "Export"): a
 * header line then one line per row, `;` between fields, CRLF line ends,
 * quoted by papaparse where a value needs it, prefixed with the UTF-8 BOM.
 * Values are written as given: format dates and euros first
 * (src/domain/spreadsheet-format.ts).
 */
export function toSpreadsheetCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return UTF8_BOM + Papa.unparse({ fields: [...header], data: rows.map((row) => [...row]) }, { delimiter: ';', newline: '\r\n' });
}

/** Offers `csv` to the browser as a download named `filename` (UTF-8 text/csv). */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

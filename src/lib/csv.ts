import { saveFile } from './save-file';

// The CSV text is written in the domain, where the functions write theirs too (an event's list, admin-event-roster).
export { toSpreadsheetCsv } from '@domain/spreadsheet-csv';

/** Offers `csv` to the browser as a download named `filename` (UTF-8 text/csv). */
export function downloadCsv(filename: string, csv: string): void {
  saveFile(filename, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}

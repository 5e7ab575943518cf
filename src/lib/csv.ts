import { saveFile } from './save-file';

export { toSpreadsheetCsv } from '@domain/spreadsheet-format';

/** Offers `csv` to the browser as a download named `filename` (UTF-8 text/csv). */
export function downloadCsv(filename: string, csv: string): void {
  saveFile(filename, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}

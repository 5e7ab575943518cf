import type { StatementLine } from '@domain/statement/bank-statement';
import { findHeaderRow, guessStatementColumns, type StatementColumns } from '@domain/statement/statement-columns';
import { cellText } from '@domain/roster/roster';
import { readSheetRows, SHEET_FILE_MESSAGES, SheetFileError } from '@/lib/read-sheet-file';

/**
 * Reads the bank's export the treasurer chose in 'Estratto conto'
 * (docs/admin.md): a CAMT.053 `.xml` or a CBI 'movimenti' `.txt`/`.cbi`
 * straight into its credits; a `.csv`,
 * `.xlsx` or `.xls` as every row of its first sheet, with its header found
 * below any title block (findHeaderRow) and the columns offered by default
 * (guessStatementColumns, null when none fit). The readers load with the
 * first file.
 */
export type StatementFile =
  | { kind: 'camt' | 'cbi'; lines: StatementLine[] }
  | {
      kind: 'table';
      /** Every row of the sheet, as read. */
      rows: unknown[][];
      /** The header's index in `rows`. */
      headerIndex: number;
      /** The header's titles (cellText). */
      header: string[];
      guess: StatementColumns | null;
    };

/** The message of a file of another kind. */
export const STATEMENT_FILE_TYPE = 'Il file deve essere .xml (CAMT.053), .txt (CBI), .csv, .xlsx o .xls.';

/**
 * @throws SheetFileError with an Italian message: another extension, a
 * file that cannot be read, an XML that is no CAMT.053 statement, a text
 * that is no CBI file, a sheet without rows.
 */
export async function readStatementFile(file: File): Promise<StatementFile> {
  if (/\.xml$/i.test(file.name)) return readCamt(file);
  if (/\.(txt|cbi)$/i.test(file.name)) return readCbi(file);
  if (!/\.(csv|xlsx|xls)$/i.test(file.name)) throw new SheetFileError(STATEMENT_FILE_TYPE);
  const rows = await readSheetRows(file);
  const headerIndex = findHeaderRow(rows);
  if (headerIndex < 0) throw new SheetFileError(SHEET_FILE_MESSAGES.empty);
  const header = (rows[headerIndex] ?? []).map(cellText);
  return { kind: 'table', rows, headerIndex, header, guess: guessStatementColumns(header, rows.slice(headerIndex + 1)) };
}

async function readCamt(file: File): Promise<StatementFile> {
  const { camtStatementLines, CAMT_UNREADABLE } = await import('@/lib/camt053');
  let xml: string;
  try {
    xml = new TextDecoder('utf-8').decode(await file.arrayBuffer());
  } catch (error) {
    console.error('statement: the .xml could not be read', error);
    throw new SheetFileError(CAMT_UNREADABLE);
  }
  try {
    return { kind: 'camt', lines: camtStatementLines(xml) };
  } catch {
    throw new SheetFileError(CAMT_UNREADABLE);
  }
}

async function readCbi(file: File): Promise<StatementFile> {
  const { cbiStatementLines, CBI_UNREADABLE } = await import('@/lib/cbi-movements');
  try {
    // CBI files are plain ASCII; an accent in a name is Windows-1252 more often than UTF-8.
    const bytes = new Uint8Array(await file.arrayBuffer());
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
    return { kind: 'cbi', lines: cbiStatementLines(text) };
  } catch (error) {
    console.error('statement: the CBI file could not be read', error);
    throw new SheetFileError(CBI_UNREADABLE);
  }
}

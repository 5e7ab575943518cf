import type { StatementLine } from '@domain/statement/bank-statement';
import { readSheetFile, SheetFileError, type Sheet } from '@/lib/read-sheet-file';

/**
 * Reads the bank's export the treasurer chose in 'Estratto conto'
 * (docs/admin.md): a CAMT.053 `.xml` straight into its credits; a `.csv`
 * or `.xlsx` as a sheet whose columns the treasurer maps (the sheet reader
 * of 'Importa anagrafica'). The readers load with the first file.
 */
export type StatementFile = { kind: 'camt'; lines: StatementLine[] } | ({ kind: 'table' } & Sheet);

/**
 * @throws SheetFileError with an Italian message: another extension, a
 * file that cannot be read, an XML that is no CAMT.053 statement.
 */
export async function readStatementFile(file: File): Promise<StatementFile> {
  if (/\.xml$/i.test(file.name)) {
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
  if (!/\.(csv|xlsx)$/i.test(file.name)) throw new SheetFileError('Il file deve essere .xml (CAMT.053), .csv o .xlsx.');
  return { kind: 'table', ...(await readSheetFile(file)) };
}

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { StatementLine } from '@domain/statement/bank-statement';
import type { StatementColumns } from '@domain/statement/statement-columns';
import { readStatementTable, type StatementTable } from '@domain/statement/statement-table';
import { SheetFileError } from '@/lib/read-sheet-file';
import { confirmStatement, matchStatement, type MatchedLine } from './api/statement';
import { readStatementFile, type StatementFile } from './read-statement-file';
import { saveColumns, savedColumns } from './saved-columns';

/** The fields the treasurer maps, with their labels; the optional ones may be 'Nessuna'. */
export const FIELDS: ReadonlyArray<{
  field: 'date' | 'amount' | 'debit' | 'description' | 'orderingParty';
  label: string;
  optional: boolean;
}> = [
  { field: 'date', label: 'Data', optional: false },
  { field: 'amount', label: 'Importo accreditato', optional: false },
  { field: 'debit', label: 'Importo addebitato', optional: true },
  { field: 'description', label: 'Descrizione', optional: false },
  { field: 'orderingParty', label: 'Ordinante', optional: true },
];

/** One line with its match, and the orders the treasurer chose to confirm it with. */
export interface StatementRow {
  line: StatementLine;
  match: MatchedLine;
  /** The orders it will confirm: the match's, or the candidate picked by hand. */
  chosen: string[];
  selected: boolean;
}

/** The rows of a statement as matched: those matched by code ticked (a match without a code, probable, waits for the treasurer's tick). */
const rowsOf = (lines: readonly StatementLine[], matched: readonly MatchedLine[]): StatementRow[] =>
  matched.map((entry, index) => ({
    line: lines[index]!,
    match: entry,
    chosen: entry.payments.map((payment) => payment.paymentId),
    selected: !entry.probable && (entry.kind === 'Corrisponde' || entry.kind === 'Cumulativo'),
  }));

/** No column chosen yet: -1 for a required field until the treasurer picks one. */
const UNSET: StatementColumns = { date: -1, amount: -1, debit: null, description: -1, texts: [], orderingParty: null };

/** The guessed reason-like columns, less those chosen for another field: they are joined to the description. */
function withTexts(file: Extract<StatementFile, { kind: 'table' }>, columns: StatementColumns): StatementColumns {
  const chosen = new Set([columns.date, columns.amount, columns.debit, columns.description, columns.orderingParty]);
  return { ...columns, texts: (file.guess?.texts ?? []).filter((index) => !chosen.has(index)) };
}

/**
 * The state of 'Estratto conto' (StatementImport): the file read, the
 * columns of a table file (saved for its bank's header, else the default
 * guess), every row of it read ('Righe saltate', 'Righe non lette', the
 * totals), the lines matched by the server and ticked, and the
 * confirmation of the ticked ones (after which the lines are matched
 * again, so the confirmed ones read 'Già abbinato').
 */
export function useStatementImport() {
  const [file, setFile] = useState<StatementFile | null>(null);
  const [columns, setColumnsState] = useState<StatementColumns | null>(null);
  const [saved, setSaved] = useState(false);
  const [table, setTable] = useState<StatementTable | null>(null);
  const [rows, setRows] = useState<StatementRow[]>([]);
  const [readError, setReadError] = useState<string | null>(null);

  const match = useMutation({
    mutationFn: async (lines: StatementLine[]) => ({ lines, matched: await matchStatement(lines) }),
    onSuccess: ({ lines, matched }) => setRows(rowsOf(lines, matched)),
  });
  const confirm = useMutation({
    mutationFn: () => confirmStatement(rows.filter((row) => row.selected).map((row) => ({ line: row.line, paymentIds: row.chosen }))),
    onSuccess: () => match.mutate(rows.map((row) => row.line)),
  });

  /** Reads the file chosen: a CAMT.053 or CBI file is matched at once, a table waits for its columns. */
  const choose = async (chosen: File | null) => {
    setReadError(null);
    setRows([]);
    setTable(null);
    confirm.reset();
    if (!chosen) return;
    try {
      const read = await readStatementFile(chosen);
      setFile(read);
      if (read.kind !== 'table') return match.mutate(read.lines);
      const remembered = savedColumns(read.header);
      setSaved(remembered !== null);
      setColumnsState(remembered ?? read.guess ?? UNSET);
    } catch (error) {
      setFile(null);
      // The readers' errors are Italian sentences for the treasurer; anything else is not shown as it is.
      if (!(error instanceof SheetFileError)) console.error('statement: the file could not be read', error);
      setReadError(
        error instanceof SheetFileError ? error.message : 'Non è stato possibile leggere il file: scegli di nuovo l’estratto conto.',
      );
    }
  };

  /** A column changed by the treasurer: the saved ones no longer apply as they are. */
  const setColumns = (next: StatementColumns) => {
    if (file?.kind !== 'table') return;
    setSaved(false);
    setColumnsState(withTexts(file, next));
  };

  /** 'Abbina' (or the saved columns' one click): reads every row with the columns, remembers them for this header, matches the credits. */
  const matchTable = () => {
    if (file?.kind !== 'table' || !columns) return;
    if (columns.date < 0 || columns.amount < 0 || columns.description < 0) {
      return setReadError('Scegli le colonne della data, dell’importo accreditato e della descrizione.');
    }
    saveColumns(file.header, columns);
    const read = readStatementTable(file.rows, file.headerIndex, columns);
    setTable(read);
    setRows([]);
    setReadError(read.credits.length === 0 ? 'Nessun accredito nel file con queste colonne.' : null);
    if (read.credits.length > 0) match.mutate(read.credits.map((credit) => credit.line));
  };

  return { file, columns, setColumns, saved, table, rows, setRows, readError, match, confirm, choose, matchTable };
}

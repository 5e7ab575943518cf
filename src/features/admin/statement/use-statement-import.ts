import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { statementLinesFromTable, type StatementColumns, type StatementLine } from '@domain/statement/bank-statement';
import { cellText } from '@domain/roster/roster';
import { SheetFileError } from '@/lib/read-sheet-file';
import { confirmStatement, matchStatement, type MatchedLine } from './api/statement';
import { readStatementFile, type StatementFile } from './read-statement-file';

/** Where the treasurer's column choices are remembered, by column title. */
const COLUMNS_KEY = 'estratto-conto-colonne';

/** The column title chosen for each field of a line. */
export type ColumnTitles = Record<keyof StatementColumns, string>;

/** The fields to map, with the titles an Italian bank's export usually gives them. */
export const FIELDS: Array<{ field: keyof StatementColumns; label: string; guess: RegExp }> = [
  { field: 'date', label: 'Data', guess: /data/i },
  { field: 'amount', label: 'Importo accreditato', guess: /avere|accredit|entrat|importo/i },
  { field: 'description', label: 'Descrizione', guess: /descri|causale/i },
  { field: 'orderingParty', label: 'Ordinante', guess: /ordinante|mittente/i },
];

/** The titles remembered from the last import, else guessed from the header. */
function initialTitles(header: readonly string[]): ColumnTitles {
  let remembered: Partial<ColumnTitles> = {};
  try {
    remembered = JSON.parse(localStorage.getItem(COLUMNS_KEY) ?? '{}') as Partial<ColumnTitles>;
  } catch {
    remembered = {};
  }
  return Object.fromEntries(
    FIELDS.map(({ field, guess }) => {
      const known = remembered[field];
      return [field, known && header.includes(known) ? known : (header.find((title) => guess.test(title)) ?? '')];
    }),
  ) as ColumnTitles;
}

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

/** The columns of a table file as indexes, or null when the date, amount or description is not chosen. */
function columnsOf(header: readonly string[], titles: ColumnTitles): StatementColumns | null {
  const at = (title: string) => (title ? header.indexOf(title) : -1);
  if (at(titles.date) < 0 || at(titles.amount) < 0 || at(titles.description) < 0) return null;
  const orderingParty = at(titles.orderingParty);
  return {
    date: at(titles.date),
    amount: at(titles.amount),
    description: at(titles.description),
    orderingParty: orderingParty < 0 ? null : orderingParty,
  };
}

/**
 * The state of 'Estratto conto' (StatementImport): the file read, the
 * columns of a table file, the lines matched by the server and ticked, and
 * the confirmation of the ticked ones (after which the lines are matched
 * again, so the confirmed ones read 'Già abbinato').
 */
export function useStatementImport() {
  const [file, setFile] = useState<StatementFile | null>(null);
  const [titles, setTitles] = useState<ColumnTitles | null>(null);
  const [rows, setRows] = useState<StatementRow[]>([]);
  const [problems, setProblems] = useState<Array<{ row: number; message: string }>>([]);
  const [readError, setReadError] = useState<string | null>(null);

  const match = useMutation({
    mutationFn: async (lines: StatementLine[]) => ({ lines, matched: await matchStatement(lines) }),
    onSuccess: ({ lines, matched }) => setRows(rowsOf(lines, matched)),
  });
  const confirm = useMutation({
    mutationFn: () => confirmStatement(rows.filter((row) => row.selected).map((row) => ({ line: row.line, paymentIds: row.chosen }))),
    onSuccess: () => match.mutate(rows.map((row) => row.line)),
  });

  /** Reads the file chosen: a CAMT.053 is matched at once, a table waits for its columns. */
  const choose = async (chosen: File | null) => {
    setReadError(null);
    setRows([]);
    setProblems([]);
    confirm.reset();
    if (!chosen) return;
    try {
      const read = await readStatementFile(chosen);
      setFile(read);
      if (read.kind === 'camt') return match.mutate(read.lines);
      setTitles(initialTitles(read.header.map(cellText)));
    } catch (error) {
      setFile(null);
      // The readers' errors are Italian sentences for the treasurer; anything else is not shown as it is.
      if (!(error instanceof SheetFileError)) console.error('statement: the file could not be read', error);
      setReadError(
        error instanceof SheetFileError ? error.message : 'Non è stato possibile leggere il file: scegli di nuovo l’estratto conto.',
      );
    }
  };

  /** 'Abbina': reads a table file's lines with the chosen columns (remembered) and matches them. */
  const matchTable = () => {
    if (file?.kind !== 'table' || !titles) return;
    const columns = columnsOf(file.header.map(cellText), titles);
    if (!columns) return setReadError('Scegli le colonne della data, dell’importo accreditato e della descrizione.');
    localStorage.setItem(COLUMNS_KEY, JSON.stringify(titles));
    const read = statementLinesFromTable(file.data, columns, file.firstRow);
    setProblems(read.problems);
    setReadError(read.lines.length === 0 ? 'Nessun accredito nel file con queste colonne.' : null);
    if (read.lines.length > 0) match.mutate(read.lines);
  };

  return { file, titles, setTitles, rows, setRows, problems, readError, match, confirm, choose, matchTable };
}

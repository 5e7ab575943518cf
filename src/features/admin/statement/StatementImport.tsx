import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { statementLinesFromTable, type StatementColumns, type StatementLine } from '@domain/bank-statement';
import { cellText } from '@domain/roster';
import { describeError } from '@/lib/errors';
import { confirmStatement, matchStatement, type MatchedLine } from './api/statement';
import { readStatementFile, type StatementFile } from './read-statement-file';
import { SheetFileError } from '@/lib/read-sheet-file';
import { StatementRows } from './StatementRows';

/** Where the treasurer's column choices are remembered, by column title. */
const COLUMNS_KEY = 'estratto-conto-colonne';

type ColumnTitles = Record<keyof StatementColumns, string>;

/** The fields to map, with the titles an Italian bank's export usually gives them. */
const FIELDS: Array<{ field: keyof StatementColumns; label: string; guess: RegExp }> = [
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

/**
 * 'Estratto conto' (docs/admin.md, "Estratto conto"): 'Importa estratto
 * conto' takes the bank's CAMT.053 `.xml`, or a `.csv`/`.xlsx` whose columns
 * (date, credited amount, description, ordering party) the treasurer maps
 * once (remembered in this browser). The server matches each credit; the
 * matched ones are ticked ('Probabile' waits for the treasurer's tick), a
 * 'Non abbinato' offers its candidate orders, and 'Conferma selezionati'
 * confirms them as if one by one. Rows that cannot be read are listed first.
 */
export function StatementImport() {
  const [file, setFile] = useState<StatementFile | null>(null);
  const [titles, setTitles] = useState<ColumnTitles | null>(null);
  const [rows, setRows] = useState<StatementRow[]>([]);
  const [problems, setProblems] = useState<Array<{ row: number; message: string }>>([]);
  const [readError, setReadError] = useState<string | null>(null);

  const match = useMutation({
    mutationFn: async (lines: StatementLine[]) => ({ lines, matched: await matchStatement(lines) }),
    onSuccess: ({ lines, matched }) =>
      setRows(
        matched.map((entry, index) => ({
          line: lines[index]!,
          match: entry,
          chosen: entry.payments.map((payment) => payment.paymentId),
          selected: entry.kind === 'Corrisponde' || entry.kind === 'Cumulativo',
        })),
      ),
  });
  const confirm = useMutation({
    mutationFn: () => confirmStatement(rows.filter((row) => row.selected).map((row) => ({ line: row.line, paymentIds: row.chosen }))),
    onSuccess: () => match.mutate(rows.map((row) => row.line)),
  });

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

  const matchTable = () => {
    if (file?.kind !== 'table' || !titles) return;
    const header = file.header.map(cellText);
    const at = (title: string) => (title ? header.indexOf(title) : -1);
    if (at(titles.date) < 0 || at(titles.amount) < 0 || at(titles.description) < 0) {
      return setReadError('Scegli le colonne della data, dell’importo accreditato e della descrizione.');
    }
    localStorage.setItem(COLUMNS_KEY, JSON.stringify(titles));
    const columns: StatementColumns = {
      date: at(titles.date),
      amount: at(titles.amount),
      description: at(titles.description),
      orderingParty: at(titles.orderingParty) < 0 ? null : at(titles.orderingParty),
    };
    const read = statementLinesFromTable(file.data, columns, file.firstRow);
    setProblems(read.problems);
    setReadError(read.lines.length === 0 ? 'Nessun accredito nel file con queste colonne.' : null);
    if (read.lines.length > 0) match.mutate(read.lines);
  };

  const selectedCount = rows.filter((row) => row.selected).length;
  return (
    <section aria-labelledby="statement-title" className="space-y-4">
      <h1 id="statement-title" className="text-2xl font-bold text-brand-800">
        Estratto conto
      </h1>
      <p className="text-gray-700">
        Carica l’estratto conto della banca (CAMT.053 .xml, oppure .csv o .xlsx): ogni accredito viene abbinato al suo ordine dal codice
        nella causale (es. CE25-7K3Q), oppure da importo e cognome. Niente viene confermato finché non premi «Conferma selezionati».
      </p>
      <label className="block space-y-1">
        <span className="font-semibold">Importa estratto conto</span>
        <input
          type="file"
          accept=".xml,.csv,.xlsx"
          className="block min-h-11 text-sm"
          onChange={(event) => void choose(event.target.files?.[0] ?? null)}
        />
      </label>
      {readError && <Alert kind="error">{readError}</Alert>}
      {file?.kind === 'table' && titles && (
        <div className="space-y-3 rounded-xl border border-gray-200 p-4">
          <h2 className="font-semibold">Colonne del file</h2>
          <div className="grid gap-3 sm:grid-cols-2">
            {FIELDS.map(({ field, label }) => (
              <Select
                key={field}
                label={label}
                value={titles[field]}
                placeholder="Nessuna"
                onChange={(title) => setTitles({ ...titles, [field]: title })}
                options={file.header
                  .map(cellText)
                  .filter(Boolean)
                  .map((title) => ({ value: title, label: title }))}
              />
            ))}
          </div>
          <Button onClick={matchTable} loading={match.isPending}>
            Abbina
          </Button>
        </div>
      )}
      {problems.length > 0 && (
        <Alert kind="warning" title="Righe non lette">
          <ul>
            {problems.map((problem) => (
              <li key={problem.row}>{`Riga ${problem.row}: ${problem.message}`}</li>
            ))}
          </ul>
        </Alert>
      )}
      {match.isPending && <p className="text-gray-700">Abbinamento in corso…</p>}
      {match.isError && <Alert kind="error">{`Abbinamento non riuscito. ${describeError(match.error)}`}</Alert>}
      {rows.length > 0 && (
        <>
          <StatementRows rows={rows} onChange={setRows} />
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => confirm.mutate()} loading={confirm.isPending} disabled={selectedCount === 0}>
              {`Conferma selezionati (${selectedCount})`}
            </Button>
          </div>
        </>
      )}
      {confirm.isError && <Alert kind="error">{`Nessun bonifico confermato. ${describeError(confirm.error)}`}</Alert>}
      {confirm.isSuccess && (
        <Alert kind="success">
          {`Confermati ${confirm.data.confirmed} ordini: ricevute emesse e famiglie avvisate.${confirm.data.skipped > 0 ? ` ${confirm.data.skipped} righe erano già abbinate.` : ''}`}
        </Alert>
      )}
      {confirm.isSuccess && confirm.data.refused.length > 0 && (
        <Alert kind="warning" title="Righe non confermate">
          <ul>
            {confirm.data.refused.map((refusal) => (
              <li key={refusal.lineId}>{refusal.error}</li>
            ))}
          </ul>
        </Alert>
      )}
    </section>
  );
}

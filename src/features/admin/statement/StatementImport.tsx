import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { describeError } from '@/lib/errors';
import { StatementColumnsForm } from './StatementColumnsForm';
import { StatementRows } from './StatementRows';
import { StatementTableSummary } from './StatementTableSummary';
import { useStatementImport } from './use-statement-import';

/**
 * 'Estratto conto' (docs/admin.md, "Estratto conto"): 'Importa estratto
 * conto' takes the bank's CAMT.053 `.xml`, a CBI 'movimenti' `.txt`, or a `.csv`/`.xlsx`/`.xls` as
 * the bank exports it: its header is found below any title block and its
 * columns (date, credited and debited amount, description, ordering party)
 * are offered by default, or as saved for that bank's header (one click:
 * 'Usa le colonne salvate per questa banca'). Every row of the file is
 * shown: the credits, the rows that cannot be read, and the rows skipped
 * with why, with the credits' total beside the file's own. The server
 * matches each credit; the matched ones are ticked ('Probabile' waits for
 * the treasurer's tick), a 'Non abbinato' offers its candidate orders, and
 * 'Conferma selezionati' confirms them as if one by one (useStatementImport).
 */
export function StatementImport() {
  const statement = useStatementImport();
  const { file, columns, table, rows, readError, match, confirm } = statement;
  const selectedCount = rows.filter((row) => row.selected).length;
  return (
    <section aria-labelledby="statement-title" className="space-y-4">
      <h1 id="statement-title" className="text-2xl font-bold text-brand-800">
        Estratto conto
      </h1>
      <p className="text-gray-700">
        Carica l’estratto conto della banca (CAMT.053 .xml, CBI .txt, oppure .csv, .xlsx o .xls così come la banca lo scarica): ogni
        accredito viene abbinato al suo ordine dal codice nella causale (es. CE25-7K3Q), oppure da importo e cognome. Niente viene
        confermato finché non premi «Conferma selezionati».
      </p>
      <label className="block space-y-1">
        <span className="font-semibold">Importa estratto conto</span>
        <input
          type="file"
          accept=".xml,.txt,.cbi,.csv,.xlsx,.xls"
          className="block min-h-11 text-sm"
          onChange={(event) => void statement.choose(event.target.files?.[0] ?? null)}
        />
      </label>
      {readError && <Alert kind="error">{readError}</Alert>}
      {file?.kind === 'table' && columns && (
        <StatementColumnsForm
          header={file.header}
          columns={columns}
          saved={statement.saved}
          onChange={statement.setColumns}
          onMatch={statement.matchTable}
          matching={match.isPending}
        />
      )}
      {table && <StatementTableSummary table={table} />}
      {match.isPending && <p className="text-gray-700">Abbinamento in corso…</p>}
      {match.isError && <Alert kind="error">{`Abbinamento non riuscito. ${describeError(match.error)}`}</Alert>}
      {rows.length > 0 && (
        <>
          <StatementRows rows={rows} onChange={statement.setRows} />
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => confirm.mutate()} loading={confirm.isPending} disabled={selectedCount === 0}>
              {`Conferma selezionati (${selectedCount})`}
            </Button>
          </div>
        </>
      )}
      {confirm.isError && <Alert kind="error">{`Nessun bonifico confermato. ${describeError(confirm.error)}`}</Alert>}
      {confirm.isSuccess && <StatementConfirmed {...confirm.data} />}
    </section>
  );
}

/** What 'Conferma selezionati' did: the orders confirmed, the lines matched before, the lines refused and why. */
function StatementConfirmed({
  confirmed,
  skipped,
  refused,
}: {
  confirmed: number;
  skipped: number;
  refused: Array<{ lineId: string; error: string }>;
}) {
  return (
    <>
      <Alert kind="success">
        {`Confermati ${confirmed} ordini: ricevute emesse e famiglie avvisate.${skipped > 0 ? ` ${skipped} righe erano già abbinate.` : ''}`}
      </Alert>
      {refused.length > 0 && (
        <Alert kind="warning" title="Righe non confermate">
          <ul>
            {refused.map((refusal) => (
              <li key={refusal.lineId}>{refusal.error}</li>
            ))}
          </ul>
        </Alert>
      )}
    </>
  );
}

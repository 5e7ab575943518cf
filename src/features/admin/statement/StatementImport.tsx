import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { cellText } from '@domain/roster/roster';
import { describeError } from '@/lib/errors';
import { StatementRows } from './StatementRows';
import { FIELDS, useStatementImport, type ColumnTitles } from './use-statement-import';

/**
 * 'Estratto conto' (docs/admin.md, "Estratto conto"): 'Importa estratto
 * conto' takes the bank's CAMT.053 `.xml`, or a `.csv`/`.xlsx` whose columns
 * (date, credited amount, description, ordering party) the treasurer maps
 * once (remembered in this browser). The server matches each credit; the
 * matched ones are ticked ('Probabile' waits for the treasurer's tick), a
 * 'Non abbinato' offers its candidate orders, and 'Conferma selezionati'
 * confirms them as if one by one (useStatementImport). Rows that cannot be
 * read are listed first.
 */
export function StatementImport() {
  const statement = useStatementImport();
  const { file, titles, rows, problems, readError, match, confirm } = statement;
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
          onChange={(event) => void statement.choose(event.target.files?.[0] ?? null)}
        />
      </label>
      {readError && <Alert kind="error">{readError}</Alert>}
      {file?.kind === 'table' && titles && (
        <StatementColumnsForm
          header={file.header.map(cellText)}
          titles={titles}
          onChange={statement.setTitles}
          onMatch={statement.matchTable}
          matching={match.isPending}
        />
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

/** 'Colonne del file': the column of each field of a table file, and 'Abbina'. */
function StatementColumnsForm(props: {
  header: string[];
  titles: ColumnTitles;
  onChange: (titles: ColumnTitles) => void;
  onMatch: () => void;
  matching: boolean;
}) {
  const { header, titles } = props;
  return (
    <div className="space-y-3 rounded-xl border border-gray-200 p-4">
      <h2 className="font-semibold">Colonne del file</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map(({ field, label }) => (
          <Select
            key={field}
            label={label}
            value={titles[field]}
            placeholder="Nessuna"
            onChange={(title) => props.onChange({ ...titles, [field]: title })}
            options={header.filter(Boolean).map((title) => ({ value: title, label: title }))}
          />
        ))}
      </div>
      <Button onClick={props.onMatch} loading={props.matching}>
        Abbina
      </Button>
    </div>
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

import { Alert } from '@/components/ui/Alert';
import { formatEuros, roundEuros } from '@domain/money';
import type { StatementTable } from '@domain/statement/statement-table';

/**
 * What the file held besides its credits (docs/admin.md, "Estratto
 * conto"): the rows that could not be read ('Righe non lette'), the credits'
 * total beside the total the file states, and every row skipped with why
 * ('Righe saltate': 'Saldo', 'Totale', 'Riga vuota', 'Addebito', …), so no
 * line of the file goes unseen before anything is matched.
 */
export function StatementTableSummary({ table }: { table: StatementTable }) {
  const { problems, skipped, creditsEuros, statedCreditsEuros } = table;
  const differs = statedCreditsEuros !== null && roundEuros(statedCreditsEuros) !== roundEuros(creditsEuros);
  return (
    <div className="space-y-3">
      {problems.length > 0 && (
        <Alert kind="warning" title="Righe non lette">
          <ul>
            {problems.map((problem) => (
              <li key={problem.row}>{`Riga ${problem.row}: ${problem.message}`}</li>
            ))}
          </ul>
        </Alert>
      )}
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-semibold">Totale accrediti letti</dt>
        <dd className="tabular-nums" data-testid="credits-total">
          {`${formatEuros(creditsEuros)} (${table.credits.length} righe)`}
        </dd>
        {statedCreditsEuros !== null && (
          <>
            <dt className="font-semibold">Totale dichiarato dal file</dt>
            <dd className="tabular-nums" data-testid="stated-total">
              {formatEuros(statedCreditsEuros)}
            </dd>
          </>
        )}
      </dl>
      {differs && (
        <Alert kind="warning">
          Il totale degli accrediti letti non coincide con quello dichiarato dal file: controlla le righe saltate e le righe non lette.
        </Alert>
      )}
      {skipped.length > 0 && (
        <details className="rounded-xl border border-gray-200 p-3 text-sm">
          <summary className="cursor-pointer font-semibold">{`Righe saltate (${skipped.length})`}</summary>
          <ul className="mt-2 space-y-1">
            {skipped.map((row) => (
              <li key={row.row} data-testid="skipped-row">
                {`Riga ${row.row}: ${row.reason}${row.text ? ` · ${row.text}` : ''}`}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

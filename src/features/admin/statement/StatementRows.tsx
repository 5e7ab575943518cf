import { Select } from '@/components/ui/Select';
import type { MatchKind } from '@domain/statement/bank-statement';
import { formatEuros } from '@domain/money';
import { spreadsheetDate } from '@domain/spreadsheet-format';
import type { OpenTransferView } from './api/statement';
import type { StatementRow } from './use-statement-import';

/** Green for a sure match, yellow for one the treasurer checks, grey for the rest. */
const KIND_TONE: Record<MatchKind, string> = {
  Corrisponde: 'bg-green-100 text-green-800',
  Cumulativo: 'bg-green-100 text-green-800',
  Probabile: 'bg-yellow-100 text-yellow-800',
  'Non abbinato': 'bg-gray-100 text-gray-700',
  'Già abbinato': 'bg-gray-100 text-gray-700',
};

/** 'Rossi · Campo Estivo - Acconto · 100,00 € · CE25-RM2A' */
const describeOrder = (order: OpenTransferView) =>
  [order.familySurname, order.plan, formatEuros(order.totalEuros), order.reference].filter(Boolean).join(' · ');

/** Props of {@link StatementRows}. */
export interface StatementRowsProps {
  rows: StatementRow[];
  onChange: (rows: StatementRow[]) => void;
}

/**
 * The statement's credits after matching (docs/admin.md, "Estratto conto"):
 * a tick to confirm, the day, the amount, the description and ordering
 * party, the outcome ('Corrisponde', 'Cumulativo', 'Probabile', 'Non
 * abbinato', 'Già abbinato'; a match without a code in yellow, 'probabile')
 * with why, and the orders it pays; a 'Non
 * abbinato' offers its candidates to pick by hand. A line already matched
 * cannot be ticked.
 */
export function StatementRows({ rows, onChange }: StatementRowsProps) {
  const update = (index: number, change: Partial<StatementRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      <table className="w-full text-left text-sm" aria-label="Accrediti dell'estratto conto">
        <thead className="bg-brand-50 font-semibold text-brand-800">
          <tr>
            <th className="px-3 py-2">
              <span className="sr-only">Conferma</span>
            </th>
            <th className="px-3 py-2">Data</th>
            <th className="px-3 py-2 text-right">Importo</th>
            <th className="px-3 py-2">Descrizione</th>
            <th className="px-3 py-2">Esito</th>
            <th className="px-3 py-2">Ordini</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.match.lineId}-${index}`} className="border-t border-gray-200 align-top" data-testid="statement-row">
              <td className="px-3 py-2">
                <input
                  type="checkbox"
                  className="size-5"
                  aria-label={`Conferma l'accredito di ${formatEuros(row.line.amountEuros)} del ${spreadsheetDate(new Date(`${row.line.date}T12:00:00`))}`}
                  checked={row.selected}
                  disabled={row.chosen.length === 0 || row.match.kind === 'Già abbinato'}
                  onChange={(event) => update(index, { selected: event.target.checked })}
                />
              </td>
              <td className="px-3 py-2 tabular-nums">{spreadsheetDate(new Date(`${row.line.date}T12:00:00`))}</td>
              <td className="px-3 py-2 text-right font-semibold tabular-nums">{formatEuros(row.line.amountEuros)}</td>
              <td className="px-3 py-2">
                {row.line.description}
                {row.line.orderingParty && <span className="block text-gray-600">{row.line.orderingParty}</span>}
              </td>
              <td className="px-3 py-2">
                <span
                  className={`inline-block rounded-full px-2.5 py-0.5 font-semibold ${row.match.probable ? KIND_TONE.Probabile : KIND_TONE[row.match.kind]}`}
                >
                  {row.match.kind}
                  {row.match.probable && row.match.kind !== 'Probabile' && ' (probabile)'}
                </span>
                {row.match.reason && <span className="mt-1 block text-gray-700">{row.match.reason}</span>}
                {row.match.problem && <span className="mt-1 block text-red-700">{row.match.problem}</span>}
              </td>
              <td className="px-3 py-2">
                {row.match.payments.map((order) => (
                  <span key={order.paymentId} className="block">
                    {describeOrder(order)}
                  </span>
                ))}
                {row.match.kind === 'Non abbinato' && row.match.candidates.length > 0 && (
                  <Select
                    label="Scegli l'ordine"
                    placeholder="Ignora"
                    value={row.chosen[0] ?? ''}
                    onChange={(paymentId) => update(index, { chosen: paymentId ? [paymentId] : [], selected: Boolean(paymentId) })}
                    options={[
                      { value: '', label: 'Ignora' },
                      ...row.match.candidates.map((order) => ({ value: order.paymentId, label: describeOrder(order) })),
                    ]}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

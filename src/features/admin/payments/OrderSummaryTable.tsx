import { ORDER_STATUSES, type OrderSummary, type SummaryCell } from '@domain/orders/admin-orders';
import { formatEuros } from '@domain/money';
import type { RecordedMethod } from '@domain/payments/payment-method';
import { CONTRIBUTIONS_SUMMARY_LABEL } from '@domain/season/season-totals';

/** Props of {@link OrderSummaryTable}. */
export interface OrderSummaryTableProps {
  season: number;
  /** The method the figures are limited to, null for both. */
  method: RecordedMethod | null;
  summary: OrderSummary;
}

function Cell({ cell, strong = false }: { cell: SummaryCell; strong?: boolean }) {
  return (
    <td className={`px-3 py-1.5 text-right tabular-nums ${strong ? 'font-semibold' : ''}`}>
      <span className="text-gray-600">{cell.count} ·</span> {formatEuros(cell.total)}
    </td>
  );
}

/**
 * The summary over the list (docs/admin-orders.md, "Summary"): one row per
 * plan, then 'Totale', then, when the season has any, 'Contributi
 * solidarietà' (the payments with a contribution and its euros, not in
 * 'Totale'); columns Confermato, Da Verificare, In elaborazione
 * (a debit the bank has not answered), Rimborsato, Contestato, Annullato,
 * Non riuscito (a debit refused) and 'Totale (senza rimborsi, annullati e non riusciti)', each the number of orders and
 * their sum in euros, for the whole season (of `method` only when the
 * 'Metodo' filter chooses one; the other filters do not apply).
 */
export function OrderSummaryTable({ season, method, summary }: OrderSummaryTableProps) {
  return (
    // A box that may scroll sideways on a phone: focusable and named, so a keyboard can scroll it too (WCAG 2.1.1).
    <div
      className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
      tabIndex={0}
      role="region"
      aria-label={`Riepilogo ${season}, scorrevole`}
    >
      <table className="min-w-full text-left text-sm" aria-label="Riepilogo">
        <caption className="px-3 pt-2 text-left text-sm font-semibold text-brand-800">
          Riepilogo {season}
          {method ? ` · solo ${method}` : ''} <span className="font-normal text-gray-600">(ordini · importo)</span>
        </caption>
        <thead className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
          <tr>
            <th className="px-3 py-1.5">Prodotto</th>
            {ORDER_STATUSES.map((status) => (
              <th key={status} className="px-3 py-1.5 text-right">
                {status}
              </th>
            ))}
            <th className="px-3 py-1.5 text-right">Totale (senza rimborsi, annullati e non riusciti)</th>
          </tr>
        </thead>
        <tbody>
          {summary.rows.map((row) => (
            <tr key={row.plan} className="border-t border-gray-100">
              <th scope="row" className="px-3 py-1.5 font-medium">
                {row.plan}
              </th>
              {ORDER_STATUSES.map((status) => (
                <Cell key={status} cell={row.cells[status]} />
              ))}
              <Cell cell={row.held} />
            </tr>
          ))}
          <tr className="border-t border-gray-300 bg-gray-50">
            <th scope="row" className="px-3 py-1.5 font-semibold">
              Totale
            </th>
            {ORDER_STATUSES.map((status) => (
              <Cell key={status} cell={summary.totals.cells[status]} strong />
            ))}
            <Cell cell={summary.totals.held} strong />
          </tr>
          {summary.contributions && (
            <tr className="border-t border-gray-300">
              <th scope="row" className="px-3 py-1.5 font-medium">
                {CONTRIBUTIONS_SUMMARY_LABEL} <span className="font-normal text-gray-600">(non nel totale)</span>
              </th>
              {ORDER_STATUSES.map((status) => (
                <Cell key={status} cell={summary.contributions!.cells[status]} />
              ))}
              <Cell cell={summary.contributions.held} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

import { format } from 'date-fns';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { filterBySurname, type AdminOrderRow } from '@/domain/admin-orders';
import { formatEuros } from '@/domain/money';
import { PAYMENT_STATUS } from '@/domain/plans';
import { describeError } from '@/lib/errors';
import { useAdminOrders } from './api/admin-orders';

/** The warning over the list when some documents do not match their schema (each is logged to the console). */
export function unreadableWarning(count: number): string {
  return count === 1 ? '1 documento non leggibile: segnalato nella console.' : `${count} documenti non leggibili: segnalati nella console.`;
}

function StatusBadge({ status }: { status: AdminOrderRow['status'] }) {
  const confirmed = status === PAYMENT_STATUS.confirmed;
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        confirmed ? 'bg-green-100 text-green-800' : 'bg-yellow-100 text-yellow-800'
      }`}
    >
      {status ?? '—'}
    </span>
  );
}

function OrderRows({ row }: { row: AdminOrderRow }) {
  return (
    <tbody className="border-t border-gray-200" data-testid="order-row">
      <tr className="bg-white">
        <td className="px-3 py-2 font-semibold">{row.familySurname || '—'}</td>
        <td className="px-3 py-2 tabular-nums">{format(row.paymentDate, 'dd/MM/yyyy')}</td>
        <td className="px-3 py-2">{row.method ?? '—'}</td>
        <td className="px-3 py-2">
          <StatusBadge status={row.status} />
        </td>
        <td className="px-3 py-2 text-right font-semibold tabular-nums">{row.totalAmount === null ? '—' : formatEuros(row.totalAmount)}</td>
      </tr>
      {row.children.map((child) => (
        <tr key={child.id} className="bg-gray-50 text-sm text-gray-700">
          <td className="py-1.5 pr-3 pl-8">{child.surname}</td>
          <td className="px-3 py-1.5">{child.name}</td>
          <td className="px-3 py-1.5" colSpan={2}>
            {child.plan}
            {child.note && <span className="ml-2 text-gray-500">Taglia {child.note}</span>}
          </td>
          <td className="px-3 py-1.5 text-right tabular-nums">{formatEuros(child.price)}</td>
        </tr>
      ))}
    </tbody>
  );
}

/**
 * /admin/check-pagamenti (docs/product.md, "Screens"): one row per
 * order, newest first — family surname, payment date (dd/mm/yyyy), method,
 * status (green if Confermato, otherwise yellow), total — with nested child
 * rows (surname, name, plan, price); a surname filter ignoring spaces and
 * case; a spinner until the data loads; logout. Documents that do not match
 * their schema (docs/data-model.md) do not stop the list: the others show,
 * under a warning counting them (details in the console).
 */
export function OrdersList() {
  const [filter, setFilter] = useState('');
  const orders = useAdminOrders();
  const rows = orders.data ? filterBySurname(orders.data.rows, filter) : [];
  const unreadable = orders.data?.unreadable.length ?? 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">Controllo Pagamenti</h1>
      </div>
      <div className="max-w-xs">
        <TextField label="Filtra per cognome" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </div>
      {orders.isPending && (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
      {orders.isError && (
        <Alert kind="error">
          {describeError(orders.error)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void orders.refetch()}>
            Riprova
          </button>
        </Alert>
      )}
      {unreadable > 0 && <Alert kind="warning">{unreadableWarning(unreadable)}</Alert>}
      {orders.isSuccess && rows.length === 0 && <Alert kind="info">Nessun ordine trovato.</Alert>}
      {rows.length > 0 && (
        <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
          <table className="min-w-full text-left">
            <thead className="bg-brand-50 text-xs font-semibold tracking-wide text-brand-800 uppercase">
              <tr>
                <th className="px-3 py-2">Famiglia</th>
                <th className="px-3 py-2">Data</th>
                <th className="px-3 py-2">Metodo</th>
                <th className="px-3 py-2">Stato</th>
                <th className="px-3 py-2 text-right">Totale</th>
              </tr>
            </thead>
            {rows.map((row) => (
              <OrderRows key={row.orderId} row={row} />
            ))}
          </table>
        </div>
      )}
    </div>
  );
}

import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { describeOrderQuery, type AdminOrderRow } from '@domain/orders/admin-orders';
import { describeError } from '@/lib/errors';
import { useOrderCount, useOrderPages, useOrderSummary, useSeasonPlans } from './api/admin-orders-queries';
import { OrderFiltersBar } from './OrderFiltersBar';
import { OrderCard, OrderRows, type TransferRequest } from './OrderRows';
import { OrderSummaryTable } from './OrderSummaryTable';
import { TransferDialog } from './TransferDialog';
import { CancelOrderDialog } from './CancelOrderDialog';
import { RefundDialog } from './RefundDialog';
import { useExportOrders } from './use-export-orders';
import { useOrderFilters } from './use-order-filters';
import { useWideScreen } from '@/features/admin/shell/use-wide-screen';
import { RetryAlert, UnreadableAlert } from '@/features/admin/shell/ReadAlerts';
import { useAdminSeason } from '@/features/admin/shell/use-admin-season';

/** The line under the list: 'N di M ordini' (M while the count loads: only N). */
export function shownOfTotal(shown: number, total: number | undefined): string {
  const noun = (total ?? shown) === 1 ? 'ordine' : 'ordini';
  return total === undefined ? `${shown} ${noun}` : `${shown} di ${total} ${noun}`;
}

/**
 * /admin/check-pagamenti, the treasurer's orders desk (docs/admin-orders.md):
 * the season's summary (orders and euros per plan and status, aggregation
 * queries), the filters kept in the address (surname prefix, 'Prodotto',
 * 'Metodo', 'Stato'), the orders newest first by pages of 50 with 'Mostra
 * altri' and 'N di M ordini', a Bonifico's confirmation (or its undoing)
 * after a dialog, and 'Esporta CSV'. The season is the shell's picker
 * (useAdminSeason). Documents that do not match their schema
 * (docs/data-model.md) do not stop the list: the others show, under a
 * warning counting them (details in the console). From Tailwind's `md` up the
 * orders are a table; below, stacked cards (useWideScreen), so a phone never
 * scrolls sideways and every control is reached by Tab.
 */
export function OrdersList() {
  const [season] = useAdminSeason();
  const [filters, setFilters] = useOrderFilters();
  const description = describeOrderQuery(season, filters);
  const pages = useOrderPages(description);
  // The count and the summary read the season's kept totals (one document), at the same time as the page.
  const count = useOrderCount(description);
  const plans = useSeasonPlans(season);
  const summary = useOrderSummary(season, filters.method, plans);
  const exporting = useExportOrders(pages, season);
  const [transfer, setTransfer] = useState<TransferRequest | null>(null);
  const wide = useWideScreen();

  const rows = pages.data?.pages.flatMap((page) => page.rows) ?? [];
  const unreadable = pages.data?.pages.reduce((total, page) => total + page.unreadable.length, 0) ?? 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">Controllo Pagamenti</h1>
        <Button
          variant="secondary"
          className="min-h-11"
          onClick={() => exporting.mutate()}
          loading={exporting.isPending}
          disabled={!pages.isSuccess}
        >
          Esporta CSV
        </Button>
      </div>
      {exporting.isError && <Alert kind="error">Esportazione non riuscita: {describeError(exporting.error)}</Alert>}

      {summary.isSuccess && <OrderSummaryTable season={season} method={filters.method} summary={summary.data} />}
      {summary.isError && <RetryAlert error={summary.error} onRetry={() => void summary.refetch()} />}

      <OrderFiltersBar filters={filters} plans={plans} onChange={setFilters} />

      {pages.isPending && (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
      {pages.isError && !pages.isFetchNextPageError && <RetryAlert error={pages.error} onRetry={() => void pages.refetch()} />}
      <UnreadableAlert count={unreadable} />
      {pages.isSuccess && rows.length === 0 && <Alert kind="info">Nessun ordine trovato.</Alert>}
      {rows.length > 0 && <OrdersView rows={rows} wide={wide} onTransfer={setTransfer} />}
      {pages.isFetchNextPageError && <RetryAlert error={pages.error} onRetry={() => void pages.fetchNextPage()} />}
      {rows.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-gray-600">{shownOfTotal(rows.length, count.data)}</p>
          {pages.hasNextPage && (
            <Button variant="secondary" className="min-h-11" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
              Mostra altri
            </Button>
          )}
        </div>
      )}
      <TransferDialog
        request={transfer?.action === 'confirm' || transfer?.action === 'undo' ? transfer : null}
        onClose={() => setTransfer(null)}
      />
      <RefundDialog row={transfer?.action === 'refund' ? transfer.row : null} onClose={() => setTransfer(null)} />
      <CancelOrderDialog row={transfer?.action === 'cancel' ? transfer.row : null} onClose={() => setTransfer(null)} />
    </div>
  );
}

/** The orders of the pages read: a table from Tailwind's `md` up (`wide`), stacked cards below. */
function OrdersView({ rows, wide, onTransfer }: { rows: AdminOrderRow[]; wide: boolean; onTransfer: (request: TransferRequest) => void }) {
  return wide ? (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      <table className="w-full text-left" aria-label="Ordini">
        <thead className="bg-brand-50 text-sm font-semibold tracking-wide text-brand-800 uppercase">
          <tr>
            <th className="px-3 py-2">Famiglia</th>
            <th className="px-3 py-2">Data</th>
            <th className="px-3 py-2">Metodo</th>
            <th className="px-3 py-2">Stato</th>
            <th className="px-3 py-2 text-right">Totale</th>
            <th className="px-3 py-2">
              <span className="sr-only">Azioni</span>
            </th>
          </tr>
        </thead>
        {rows.map((row) => (
          <OrderRows key={row.paymentId} row={row} onTransfer={onTransfer} />
        ))}
      </table>
    </div>
  ) : (
    <ul aria-label="Ordini" className="space-y-3">
      {rows.map((row) => (
        <OrderCard key={row.paymentId} row={row} onTransfer={onTransfer} />
      ))}
    </ul>
  );
}

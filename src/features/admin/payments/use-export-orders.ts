import { useMutation, type InfiniteData, type InfiniteQueryObserverResult } from '@tanstack/react-query';
import { ORDER_CSV_HEADER, orderCsvFileName, orderCsvRows } from '@domain/orders/admin-orders';
import { mutationKeys } from '@/lib/api/query-keys';
import { downloadCsv, toSpreadsheetCsv } from '@/lib/csv';
import type { OrdersPage } from './api/admin-orders';

/** The list's infinite query result, as the export needs it. */
export type OrderPagesResult = InfiniteQueryObserverResult<InfiniteData<OrdersPage>>;

/**
 * 'Esporta CSV' (docs/admin-orders.md, "Export"): reads the pages of the
 * current season and filters not yet shown (page after page, as 'Mostra
 * altri' would), then downloads `pagamenti-{season}.csv`, one line per
 * child line (orderCsvRows). A page that cannot be read stops the export
 * with its error (the mutation's `error`); nothing is downloaded then.
 */
export function useExportOrders(pages: OrderPagesResult, season: number) {
  return useMutation({
    mutationKey: mutationKeys.exportOrders,
    mutationFn: async () => {
      let result = pages;
      while (result.hasNextPage) {
        result = await result.fetchNextPage();
        if (result.isError) throw result.error;
      }
      const rows = result.data?.pages.flatMap((page) => page.rows) ?? [];
      downloadCsv(orderCsvFileName(season), toSpreadsheetCsv(ORDER_CSV_HEADER, orderCsvRows(rows)));
      return rows.length;
    },
  });
}

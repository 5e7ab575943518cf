import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { adminCancelOrderContract } from '@contracts/admin-cancel-order';
import type { adminConfirmTransferContract } from '@contracts/admin-confirm-transfer';
import type { RequestOf } from '@contracts/contract';
import { seasonPlans, summarizeOrders, type OrderQuery } from '@domain/orders/admin-orders';
import { useSeasonCatalogue } from '@/features/admin/shell/api/season-settings';
import type { RecordedMethod } from '@domain/payments/payment-method';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';
import {
  fetchOrderSummary,
  fetchOrdersCount,
  fetchOrdersPage,
  setTransferConfirmation,
  cancelOrder,
  refundPayment,
  type RefundRequest,
  type OrdersCursor,
} from './admin-orders';

/**
 * The orders desk's query options, hooks and mutation (docs/admin-orders.md),
 * over the Firestore calls of ./admin-orders.ts (kept apart so the screen's
 * tests replace those calls and keep these). Everything is kept fresh for
 * 30 s, so switching tabs does not read again; the mutations invalidate
 * `queryKeys.admin.all`, every admin read: the pages, the count and the
 * summary (`queryKeys.admin.orders`) and the views a payment changes.
 */

const STALE_MS = 30_000;

/** The pages of the list for `description`: page after page with the previous page's cursor. */
export function orderPagesQueryOptions(description: OrderQuery) {
  return infiniteQueryOptions({
    queryKey: queryKeys.admin.orders.pages(description),
    queryFn: ({ pageParam }) => fetchOrdersPage(description, pageParam),
    initialPageParam: null as OrdersCursor | null,
    getNextPageParam: (page) => page.next,
    staleTime: STALE_MS,
  });
}

/** The list's pages ({@link orderPagesQueryOptions}); `fetchNextPage` reads the next {@link fetchOrdersPage}. */
export function useOrderPages(description: OrderQuery) {
  return useInfiniteQuery(orderPagesQueryOptions(description));
}

/** How many payments match `description` (fetchOrdersCount). */
export function orderCountQueryOptions(description: OrderQuery) {
  return queryOptions({
    queryKey: queryKeys.admin.orders.count(description),
    queryFn: () => fetchOrdersCount(description),
    staleTime: STALE_MS,
  });
}

/** {@link orderCountQueryOptions} as a hook. */
export function useOrderCount(description: OrderQuery) {
  return useQuery(orderCountQueryOptions(description));
}

/** The summary table of `season`, for `method` or both (null): the season's kept totals per plan of `plans` and status (summarizeOrders). */
export function orderSummaryQueryOptions(season: number, method: RecordedMethod | null, plans: readonly string[]) {
  return queryOptions({
    queryKey: queryKeys.admin.orders.summary(season, method, plans),
    queryFn: async () => summarizeOrders(await fetchOrderSummary(season, method), plans),
    staleTime: STALE_MS,
  });
}

/** {@link orderSummaryQueryOptions} as a hook. */
export function useOrderSummary(season: number, method: RecordedMethod | null, plans: readonly string[]) {
  return useQuery(orderSummaryQueryOptions(season, method, plans));
}

/**
 * The plans 'Pagamenti' filters and sums for `season`: its catalogue's
 * (useSeasonCatalogue: the seeded products, then the treasurer's own for the
 * portal's season and the next; an earlier season's own products are not
 * listed, though their orders are).
 */
export function useSeasonPlans(season: number): string[] {
  return seasonPlans(useSeasonCatalogue(season));
}

/**
 * Cancels a Bonifico never paid (cancelOrder; variables: admin-cancel-order's request, the family told only with
 * `notifyFamily`); like {@link useTransferConfirmation}, the list changes once it is read again.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.cancelOrder,
    mutationFn: ({ paymentId, reason, notifyFamily = false }: RequestOf<typeof adminCancelOrderContract>) =>
      cancelOrder(paymentId, reason, notifyFamily),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

/** Refunds a payment (refundPayment); like {@link useTransferConfirmation}, the list changes once it is read again. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.refundPayment,
    mutationFn: (refund: RefundRequest) => refundPayment(refund),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

/**
 * Confirms a Bonifico or undoes it (setTransferConfirmation; variables:
 * admin-confirm-transfer's request, a payment and 'confirm' or 'unconfirm'). No optimistic
 * update: the screen changes only after the write succeeds, when the list,
 * the count and the summary are read again (the mutation stays pending until
 * they are). A failure changes nothing and is the mutation's `error`.
 */
export function useTransferConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.transferConfirmation,
    mutationFn: ({ paymentId, action }: RequestOf<typeof adminConfirmTransferContract>) => setTransferConfirmation(paymentId, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

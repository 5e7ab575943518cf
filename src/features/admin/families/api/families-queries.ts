import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/api/query-keys';
import {
  changeFamily,
  fetchFamiliesPage,
  fetchFamily,
  recordCashPayment,
  type CashPayment,
  type FamiliesCursor,
  type FamiliesSearch,
} from './families';
import type { FamilyChange } from '@domain/families/family-change';

/**
 * The 'Famiglie' view's query options, hooks and mutation (docs/admin.md,
 * "Famiglie"), over the Firestore reads and the admin-family call of
 * ./families.ts (kept apart so the screens' tests replace those and keep
 * these). Reads are kept fresh for 30 s, so going back from a family to the
 * list does not read again.
 */

const STALE_MS = 30_000;

/**
 * The view's query keys. They sit under `queryKeys.admin.all`, so any
 * admin write that invalidates it (this view's changes, an import of the
 * roster, a confirmed transfer) refreshes them too.
 */
export const familyQueryKeys = {
  all: [...queryKeys.admin.all, 'families'] as const,
  pages: (search: FamiliesSearch) => [...queryKeys.admin.all, 'families', 'pages', search] as const,
  one: (familyId: string) => [...queryKeys.admin.all, 'families', 'one', familyId] as const,
} as const;

/** The mutation key of admin-family: the global MutationCache logs a failure under it (src/lib/query-client.ts). */
export const familyChangeMutationKey = ['family-change'] as const;

/** The pages of the list for `search`: page after page with the previous page's cursor. */
export function familyPagesQueryOptions(search: FamiliesSearch) {
  return infiniteQueryOptions({
    queryKey: familyQueryKeys.pages(search),
    queryFn: ({ pageParam }) => fetchFamiliesPage(search, pageParam),
    initialPageParam: null as FamiliesCursor | null,
    getNextPageParam: (page) => page.next,
    staleTime: STALE_MS,
  });
}

/** The list's pages ({@link familyPagesQueryOptions}); `fetchNextPage` reads the next {@link fetchFamiliesPage}. */
export function useFamilyPages(search: FamiliesSearch) {
  return useInfiniteQuery(familyPagesQueryOptions(search));
}

/** One family with its people (fetchFamily); its data is null when the family does not exist. */
export function familyQueryOptions(familyId: string) {
  return queryOptions({ queryKey: familyQueryKeys.one(familyId), queryFn: () => fetchFamily(familyId), staleTime: STALE_MS });
}

/** {@link familyQueryOptions} as a hook. */
export function useFamily(familyId: string) {
  return useQuery(familyQueryOptions(familyId));
}

/**
 * Sends one change of a family's people to admin-family (changeFamily). No
 * optimistic update: on success the families' queries and the rest of
 * `queryKeys.admin.all` (children's names in the enrolment view, the audit
 * log) are read again, and the mutation stays pending until they are; a
 * failure changes nothing and is the mutation's `error` (a UserFacingError
 * with the function's Italian message).
 */
export function useFamilyChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: familyChangeMutationKey,
    mutationFn: (change: FamilyChange) => changeFamily(change),
    // queryKeys.admin.all is the prefix of familyQueryKeys.all: one invalidation refreshes both.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

/** Records cash (recordCashPayment); the orders desk and the family are read again afterwards. */
export function useRecordCashPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['record-cash'] as const,
    mutationFn: (payment: CashPayment) => recordCashPayment(payment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

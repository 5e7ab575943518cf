import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditAction } from '@domain/audit-log';
import { queryKeys } from '@/lib/api/query-keys';
import { fetchAuditPage, type AuditCursor } from './audit-log';

/**
 * The 'Registro' view's query options and hook, over the Firestore read of
 * ./audit-log.ts (kept apart so the screen's tests replace the read and
 * keep these).
 */

/** The pages of the audit log for `action` (null: all), kept fresh for 30 s. */
export function auditPagesQueryOptions(action: AuditAction | null) {
  return infiniteQueryOptions({
    queryKey: queryKeys.admin.auditLog(action),
    queryFn: ({ pageParam }) => fetchAuditPage(action, pageParam),
    initialPageParam: null as AuditCursor | null,
    getNextPageParam: (page) => page.next,
    staleTime: 30_000,
  });
}

/** {@link auditPagesQueryOptions} as a hook. */
export function useAuditPages(action: AuditAction | null) {
  return useInfiniteQuery(auditPagesQueryOptions(action));
}

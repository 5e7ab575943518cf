import { queryOptions } from '@tanstack/react-query';
import type { FamilyLookup } from '@domain/family-lookup';
import { callContract } from '@/lib/api/functions-client';
import { queryKeys } from '@/lib/api/query-keys';

/** The contract, loaded with its first use (zod/mini and the answer's schema with it): not in the first bundle. */
const loadContract = () => import('./lookup-contracts').then((module) => module.lookupFamilyContract);

/**
 * Finds the family of a parent's normalised fiscal code through
 * lookup-family (lookupFamilyContract). The server answers only a browser
 * holding that family's session (the cookie goes with the request).
 * @throws UserFacingError with the function's Italian message: 404 for an
 * unknown code (the form says so its own way), 401 without the session, 0
 * when unreachable.
 */
export function lookupFamily(cf: string): Promise<FamilyLookup> {
  return callContract(loadContract, { cf });
}

/**
 * Starts loading what the first 'Trova' needs besides the request (the
 * contract, zod/mini): called while the parent types, so the first 'Trova'
 * is as fast as the second (docs/architecture.md, "First load").
 */
export function preloadLookupFamily(): void {
  void loadContract().catch(() => undefined);
}

/**
 * Query key and fetcher of a lookup (read by FamilyLookupForm with
 * `queryClient.fetchQuery` when the parent presses 'Trova'). Never retried: a 404 is an answer, and the parent presses 'Trova' again.
 * Always stale: orders and uploads recorded since make it stale anyway
 * (they invalidate `queryKeys.familyLookup.all`).
 */
export function lookupFamilyQueryOptions(cf: string) {
  return queryOptions({
    queryKey: queryKeys.familyLookup.byCf(cf),
    queryFn: () => lookupFamily(cf),
    retry: false,
    staleTime: 0,
  });
}

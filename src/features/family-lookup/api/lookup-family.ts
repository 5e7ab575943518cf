import { queryOptions } from '@tanstack/react-query';
import { familyLookupSchema, type FamilyLookup } from '@/domain/family-lookup';
import { callFunction } from '@/lib/api/functions-client';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * Finds the family of a parent's fiscal code (already normalised) through
 * our lookup-family function (docs/api.md).
 * @throws UserFacingError: status 404 'Il codice fiscale inserito non risulta
 * nei nostri sistemi', 400 for an invalid code, 0 when unreachable.
 */
export function lookupFamily(cf: string): Promise<FamilyLookup> {
  return callFunction('lookup-family', { cf }, familyLookupSchema);
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

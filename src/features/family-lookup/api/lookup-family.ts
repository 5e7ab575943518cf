import { queryOptions } from '@tanstack/react-query';
import type { FamilyLookup } from '@domain/family-lookup';
import { callFunction } from '@/lib/api/functions-client';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * Finds the family of a parent's fiscal code (already normalised) through
 * our lookup-family function (docs/api.md). The server answers only to a
 * browser holding a session for that family (request-access-code,
 * verify-access-code: the session cookie goes with the request).
 * @throws UserFacingError: status 404 'Il codice fiscale inserito non risulta
 * nei nostri sistemi', 401 'Sessione scaduta: inserisci di nuovo il codice
 * fiscale.' without a session, 400 for an invalid code, 0 when unreachable.
 */
export function lookupFamily(cf: string): Promise<FamilyLookup> {
  return callFunction('lookup-family', { cf }, loadFamilyLookupSchema);
}

/** The answer's schema, loaded on demand with zod (not in the first bundle). */
const loadFamilyLookupSchema = async () => (await import('@domain/family-lookup')).familyLookupSchema;

/**
 * Starts loading what the first 'Trova' needs besides the request (zod, the
 * answer's schema): called while the parent types, so the first 'Trova' is as
 * fast as the second (docs/architecture.md, "First load").
 */
export function preloadLookupFamily(): void {
  void loadFamilyLookupSchema().catch(() => undefined);
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

import { queryOptions } from '@tanstack/react-query';
import { familyLookupSchema, type FamilyLookup } from '../../../domain/family-lookup';
import { callFunction } from '../../../lib/api/functions-client';

/**
 * Finds the family of a parent's fiscal code (already normalised) through
 * our lookup-family function (docs/api.md).
 * @throws UserFacingError: status 404 'Il codice fiscale inserito non risulta
 * nei nostri sistemi', 400 for an invalid code, 0 when unreachable.
 */
export function lookupFamily(cf: string): Promise<FamilyLookup> {
  return callFunction('lookup-family', { cf }, familyLookupSchema);
}

/** Query key and fetcher of a lookup. Never retried: a 404 is an answer, and the parent presses 'Trova' again. */
export function lookupFamilyQueryOptions(cf: string) {
  return queryOptions({
    queryKey: ['family-lookup', cf],
    queryFn: () => lookupFamily(cf),
    retry: false,
    staleTime: 0,
  });
}

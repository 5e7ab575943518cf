import { lookupFamilyEndpoint } from '@contracts/family-access-endpoints';
import type { lookupFamilyContract } from '@contracts/lookup-family';
import type { FamilyLookup } from '@domain/families/family-lookup';
import { callEndpoint } from '@/lib/api/functions-client';

/**
 * Finds the family of a parent's normalised fiscal code through
 * lookup-family (lookupFamilyContract; no schema loads with it,
 * `callEndpoint`). The server answers only a browser holding that family's
 * session (the cookie goes with the request).
 * @throws UserFacingError with the function's Italian message: 404 for an
 * unknown code (the form says so its own way), 401 without the session, 0
 * when unreachable.
 */
export function lookupFamily(cf: string): Promise<FamilyLookup> {
  return callEndpoint<typeof lookupFamilyContract>(lookupFamilyEndpoint, { cf });
}

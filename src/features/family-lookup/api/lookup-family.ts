import type { FamilyLookup } from '@domain/family-lookup';
import { callContract } from '@/lib/api/functions-client';

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

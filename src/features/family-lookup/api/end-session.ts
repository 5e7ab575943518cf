import { endSessionEndpoint } from '@contracts/family-access-endpoints';
import type { endSessionContract } from '@contracts/end-session';
import { callEndpoint } from '@/lib/api/functions-client';

/**
 * Ends the parent's session through end-session (the server clears the
 * cookie); no schema loads with 'Esci' (`callEndpoint`).
 * @throws UserFacingError with the function's Italian message, 0 when unreachable.
 */
export function endSession() {
  return callEndpoint<typeof endSessionContract>(endSessionEndpoint, {});
}

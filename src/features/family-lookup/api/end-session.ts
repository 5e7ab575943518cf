import { endSessionContract } from '@contracts/end-session';
import { callContract } from '@/lib/api/functions-client';

// Only 'Esci' (EndSession, loaded on demand) needs it, so its contract stays out of the first bundle.

/**
 * Ends the parent's session through end-session (the server clears the cookie).
 * @throws UserFacingError with the function's Italian message, 0 when unreachable.
 */
export function endSession() {
  return callContract(endSessionContract, {});
}

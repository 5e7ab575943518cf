import { endSessionEndpoint } from '@contracts/family-access-endpoints';
import type { endSessionContract } from '@contracts/end-session';
import { callEndpoint } from '@/lib/api/functions-client';

/**
 * Ends the parent's session through end-session: this device's ('Esci'),
 * or with `allDevices` every one of the parent's ('Esci da tutti i
 * dispositivi'); the server clears the cookie. No schema loads with 'Esci'
 * (`callEndpoint`).
 * @throws UserFacingError with the function's Italian message (401 when `allDevices` finds no live session), 0 when unreachable.
 */
export function endSession(allDevices = false) {
  return callEndpoint<typeof endSessionContract>(endSessionEndpoint, allDevices ? { allDevices: true } : {});
}

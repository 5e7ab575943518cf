import { z } from 'zod/mini';
import { defineContract } from './contract';
import { endSessionEndpoint } from './family-access-endpoints';

/**
 * end-session (docs/api.md, "end-session"): 'Esci' ends this device's
 * session and clears its cookie, with or without a session; with
 * `allDevices` ('Esci da tutti i dispositivi') it ends every session of the
 * parent, and needs a live one (401 `sessionExpired` without).
 */
export const endSessionContract = defineContract({
  ...endSessionEndpoint,
  request: z.object({ allDevices: z.optional(z.boolean()) }),
  answer: z.object({ status: z.literal('ended') }),
});

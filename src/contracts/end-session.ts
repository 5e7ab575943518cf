import { z } from 'zod/mini';
import { defineContract } from './contract';
import { endSessionEndpoint } from './family-access-endpoints';

/** end-session, 'Esci' (docs/api.md, "end-session"): clears the family's session cookie, with or without a session. */
export const endSessionContract = defineContract({
  ...endSessionEndpoint,
  request: z.object({}),
  answer: z.object({ status: z.literal('ended') }),
});

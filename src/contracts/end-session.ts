import { z } from 'zod/mini';
import { defineContract } from './contract';

/** end-session, 'Esci' (docs/api.md, "end-session"): clears the family's session cookie, with or without a session. */
export const endSessionContract = defineContract({
  name: 'end-session',
  method: 'POST',
  request: z.object({}),
  answer: z.object({ status: z.literal('ended') }),
  messages: {},
});

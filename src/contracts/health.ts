import { z } from 'zod/mini';
import { defineContract } from './contract';

/**
 * health, GET (docs/api.md, "health"; docs/deploy.md): whether each service
 * the server uses is configured for a launch, and whether the server runs
 * on the emulators (`local`). Booleans only: no value, no variable name.
 */
export const healthContract = defineContract({
  name: 'health',
  method: 'GET',
  request: null,
  answer: z.object({
    firebase: z.boolean(),
    stripe: z.boolean(),
    cloudinary: z.boolean(),
    site: z.boolean(),
    mail: z.boolean(),
    session: z.boolean(),
    mode: z.enum(['local', 'production']),
  }),
  messages: {},
});

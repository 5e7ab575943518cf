import type { Context } from '@netlify/functions';

/**
 * What our functions read of Netlify's second argument (Netlify Functions
 * v2, `(Request, Context) => Response`): the client's address, the request
 * id, the `config.path` route's parameters, and `waitUntil` for work that
 * may finish after the answer. The dev server (emulators/dev/functions-server.ts)
 * provides exactly these; a function that needs more of Netlify's context
 * adds it here and there.
 */
export type FunctionContext = Pick<Context, 'ip' | 'requestId' | 'params' | 'waitUntil'>;

import { randomUUID } from 'node:crypto';
import type { FunctionContext } from '../../netlify/lib/function-context';

/** A Netlify function as the tests call it: Netlify Functions v2, `(Request, Context) => Response`. */
export type NetlifyFunction = (request: Request, context: FunctionContext) => Promise<Response>;

/**
 * The context Netlify passes a function, for a call from `ip` (the
 * documentation range 192.0.2.0/24 by default: no test shares a real
 * address). `waitUntil` work is awaited by {@link settled}.
 */
export function functionContext(ip = '192.0.2.1'): FunctionContext & { settled: () => Promise<void> } {
  const pending: Array<Promise<unknown>> = [];
  return {
    ip,
    requestId: randomUUID(),
    params: {},
    waitUntil: (promise) => void pending.push(promise),
    settled: async () => {
      await Promise.allSettled(pending);
    },
  };
}

import { randomUUID } from 'node:crypto';
import type { FunctionContext } from '../../netlify/lib/platform/function-context';

/** A Netlify function as the tests call it: Netlify Functions v2, `(Request, Context) => Response`. */
export type NetlifyFunction = (request: Request, context: FunctionContext) => Promise<Response>;

let calls = 0;

/**
 * The context Netlify passes a function, for a call from `ip`; by default
 * a new private address each call (10.x.y.z), so tests that are not about
 * the fiscal-code budget (netlify/lib/platform/fiscal-code-budget.ts) never share
 * one. `waitUntil` work is awaited by {@link settled}.
 */
export function functionContext(ip?: string): FunctionContext & { settled: () => Promise<void> } {
  calls += 1;
  ip ??= `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`;
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

/**
 * A request to a function as the portal's own page sends it with `fetch`
 * (src/lib/api/functions-client.ts): `Sec-Fetch-Site: same-origin`, and
 * for a body `Content-Type: application/json` and the page's `Origin`
 * (netlify/lib/platform/request-origin.ts). Headers in `init` win, so a
 * test can play another site or a form.
 */
export function browserRequest(url: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (!headers.has('sec-fetch-site')) headers.set('sec-fetch-site', 'same-origin');
  if (init.body !== undefined && init.body !== null) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    if (!headers.has('origin')) headers.set('origin', new URL(url).origin);
  }
  return new Request(url, { ...init, headers });
}

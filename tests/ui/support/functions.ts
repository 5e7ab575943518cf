import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * msw for the UI tests: our Netlify functions are faked at the network
 * edge, never by mocking our own modules. Call {@link setupFunctionsServer}
 * once per file; add handlers per test with `server.use(fn('name', ...))`.
 */
export function setupFunctionsServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/**
 * A handler of POST /.netlify/functions/{name} that records each JSON body
 * in `calls` and answers `reply(body)` (a status and a JSON body).
 */
export function fn(name: string, reply: (body: unknown) => { status: number; json: JsonBodyType } | Promise<{ status: number; json: JsonBodyType }>, calls: unknown[] = []) {
  return http.post(`*/.netlify/functions/${name}`, async ({ request }) => {
    const body = (await request.json()) as unknown;
    calls.push(body);
    const { status, json } = await reply(body);
    return HttpResponse.json(json, { status });
  });
}

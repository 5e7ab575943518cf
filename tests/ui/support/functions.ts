import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { GROUP } from '@config/group';
import { SEASON } from '@config/season';
import type { PublicSeasonSettings } from '@contracts/season-settings';

/** The season-settings answer of a season nobody changed: the spec's prices, the card fee on, group.config.json's account. */
export const SPEC_SEASON: PublicSeasonSettings = {
  season: SEASON.campYear,
  cardFee: true,
  catalogue: seedCatalogue(),
  bankAccount: GROUP.bankAccount,
};

/**
 * msw for the UI tests: our Netlify functions (and the upload endpoint) are
 * faked at the network edge, never by mocking our own modules. Call
 * {@link setupFunctionsServer} once per file; add handlers per test with
 * `server.use(fn('name', ...))` (they are dropped after each test). The
 * public season-settings answers the spec's season, and family-events no
 * events, unless a test says otherwise.
 */
export function setupFunctionsServer() {
  const server = setupServer(
    http.get('*/.netlify/functions/season-settings', () => HttpResponse.json(SPEC_SEASON)),
    // 'La mia famiglia' reads the family's outings and camps: none unless a test says otherwise.
    http.get('*/.netlify/functions/family-events', () => HttpResponse.json({ season: SEASON.campYear, events: [] })),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A function's answer: a status and a JSON body, or a whole Response (e.g. `HttpResponse.error()` for a network failure). */
export type FunctionReply = { status: number; json: JsonBodyType } | Response;

/**
 * A handler of POST /.netlify/functions/{name} that records each JSON body
 * in `calls` and answers `reply(body)`.
 */
export function fn(name: string, reply: (body: unknown) => FunctionReply | Promise<FunctionReply>, calls: unknown[] = []) {
  return http.post(`*/.netlify/functions/${name}`, async ({ request }) => {
    const body = (await request.json()) as unknown;
    calls.push(body);
    const answer = await reply(body);
    return answer instanceof Response ? answer : HttpResponse.json(answer.json, { status: answer.status });
  });
}

import type { AnswerOf, Contract, EndpointOf, RequestOf } from '@contracts/contract';

/**
 * The browser's one client for our Netlify functions (docs/api.md): POSTs
 * JSON to (or GETs) /.netlify/functions/{name}, validates the answer with zod
 * (but on the first 'Trova's endpoints, `callEndpoint`), and turns every failure into a {@link UserFacingError} carrying an Italian
 * message a screen can show as it is.
 */

/** An error whose message is Italian and meant for the parent or the admin. */
export class UserFacingError extends Error {
  constructor(
    message: string,
    /** The HTTP status the function answered; 0 when it could not be reached. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'UserFacingError';
  }
}

export const CLIENT_MESSAGES = {
  unreachable: 'Il servizio non è raggiungibile. Controlla la connessione e riprova.',
  unexpected: 'Risposta inattesa dal servizio. Riprova tra qualche istante.',
} as const;

/** What checks an answer: a zod (or zod/mini) schema's `safeParse`. */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}

/**
 * The zod schema of a function's answer, or a loader of it: a screen of the
 * first bundle passes a loader (`() => import(...)`), so zod and the schema
 * load with the first answer, not with the page (docs/architecture.md, "First load").
 */
export type ResponseSchema<T> = AnswerSchema<T> | (() => Promise<AnswerSchema<T>>);

/**
 * Calls the function `name` with `body` and parses its JSON answer with
 * `schema` (a zod schema or its loader); `headers` are added to the request (an admin's
 * `Authorization: Bearer <ID token>`). A null `body` makes it a GET (a
 * public read, which the browser and the CDN may cache).
 * @throws UserFacingError with the function's `{error}` message on a 4xx/5xx
 * answer, {@link CLIENT_MESSAGES.unreachable} when the network fails, and
 * {@link CLIENT_MESSAGES.unexpected} when the answer does not match `schema`.
 */
export async function callFunction<T>(
  name: string,
  body: unknown,
  schema: ResponseSchema<T>,
  headers: Record<string, string> = {},
): Promise<T> {
  // The schema (and zod) loads while the request is on its way.
  const loadingSchema = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  loadingSchema.catch(() => undefined);
  const response = body === null ? await getFromFunction(name) : await postToFunction(name, body, headers);
  const json = (await response.json().catch(() => null)) as unknown;
  let answerSchema: AnswerSchema<T>;
  try {
    answerSchema = await loadingSchema;
  } catch (error) {
    console.error(`${name}: the answer's schema did not load`, error);
    throw new UserFacingError(CLIENT_MESSAGES.unreachable, 0);
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) {
    console.error(`${name}: unexpected answer`, parsed.error.issues);
    throw new UserFacingError(CLIENT_MESSAGES.unexpected, response.status);
  }
  return parsed.data;
}

/** A contract, or a loader of it: a screen of the first bundle passes a loader, so zod/mini and the schemas load with the first call, not with the page. */
export type ContractSource<C extends Contract> = C | (() => Promise<C>);

/**
 * Calls the function of `contract` (src/contracts) with `request` and parses
 * its answer with the contract's answer schema; `headers` are added (an
 * admin's `Authorization`). A GET contract sends no body.
 * @throws UserFacingError as {@link callFunction} does.
 */
export async function callContract<C extends Contract>(
  source: ContractSource<C>,
  request: RequestOf<C> | null,
  headers: Record<string, string> = {},
): Promise<AnswerOf<C>> {
  let contract: C;
  try {
    contract = typeof source === 'function' ? await source() : source;
  } catch (error) {
    console.error('A function contract did not load', error);
    throw new UserFacingError(CLIENT_MESSAGES.unreachable, 0);
  }
  if (contract.answer === 'file') throw new Error(`${contract.name} answers a file: use fetchFunctionFile`);
  const answer = contract.answer as unknown as AnswerSchema<AnswerOf<C>>;
  return callFunction(contract.name, contract.method === 'GET' ? null : request, answer, headers);
}

/**
 * Calls the function of `endpoint`, the schema-free part of contract `C`,
 * with `request`, and answers its JSON as `C` types it, unparsed: for the
 * first 'Trova', whose screen must not wait for zod (docs/architecture.md,
 * "Contracts": the tests check the function's every answer against `C`,
 * and a deploy ships the functions with the pages).
 * @throws UserFacingError as {@link callFunction} does; unexpected when the answer is not a JSON object.
 */
export async function callEndpoint<C extends Contract>(endpoint: EndpointOf<C>, request: RequestOf<C>): Promise<AnswerOf<C>> {
  const response = await postToFunction(endpoint.name, request, {});
  const json = (await response.json().catch(() => null)) as unknown;
  if (typeof json !== 'object' || json === null) {
    console.error(`${endpoint.name}: unexpected answer`, json);
    throw new UserFacingError(CLIENT_MESSAGES.unexpected, response.status);
  }
  return json as AnswerOf<C>;
}

/** POSTs `body` as JSON to the function `name`; a failure becomes a UserFacingError with the function's `{error}` or a generic message. */
export function postToFunction(name: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  return requestFunction(name, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** GETs the function `name` (a public read); failures as {@link postToFunction}'s. */
function getFromFunction(name: string): Promise<Response> {
  return requestFunction(name, { method: 'GET' });
}

async function requestFunction(name: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`/.netlify/functions/${name}`, init);
  } catch (error) {
    console.error(`${name}: request failed`, error);
    throw new UserFacingError(CLIENT_MESSAGES.unreachable, 0);
  }
  if (!response.ok) {
    const json = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new UserFacingError(typeof json?.error === 'string' ? json.error : CLIENT_MESSAGES.unexpected, response.status);
  }
  return response;
}

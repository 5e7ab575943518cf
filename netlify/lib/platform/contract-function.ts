import type { z } from 'zod/mini';
import type { AnswerOf, Contract, ParsedRequestOf, Schema } from '@contracts/contract';
import type { FunctionContext } from './function-context';
import { errorResponse, HttpError, jsonResponse, readJsonBody, responseForError } from './http';
import { checkBrowserRequest } from './request-origin';

/**
 * A function built on its contract (src/contracts/contract.ts; docs/architecture.md,
 * "Contracts"): the method checked, the JSON body parsed with the contract's
 * request schema, the handler's reply typed by its answer schema, and every
 * error through responseForError.
 */

/** What a handler answers: a 2xx status (200 by default), the body its contract declares, and headers (a cookie, a cache rule). */
export interface Reply<Answer> {
  status?: number;
  body: Answer;
  headers?: Record<string, string>;
}

/** A Netlify function (v2). */
export type NetlifyHandler = (request: Request, context: FunctionContext) => Promise<Response>;

/** The handler of a contract's function: the parsed request, the HTTP request and Netlify's context. */
export type ContractHandler<C extends Contract> = (
  input: ParsedRequestOf<C>,
  request: Request,
  context: FunctionContext,
) => Promise<Reply<AnswerOf<C>> | Response>;

/**
 * Parses `body` with `schema`: issues without an Italian message of the
 * schema's own (a missing nested object, a wrong type) read `fallback`.
 * @throws HttpError 400 with the first issue's message.
 */
export function parseRequest<S extends Schema>(schema: S, body: unknown, fallback: string): z.output<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, fallback);
  const parsed = (schema as unknown as z.ZodMiniType).safeParse(body, { error: () => fallback });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? fallback);
  return parsed.data as z.output<S>;
}

/** The message of a request refused without one of its own. */
const MALFORMED = 'Richiesta non valida.';

/**
 * Checks a reply against the contract's answer before it leaves, when
 * CHECK_CONTRACT_ANSWERS is '1' (the node tests set it: every answer a test
 * sees has been checked).
 * @throws Error naming the function and the fields that do not match.
 */
function checkAnswer(contract: Contract, body: unknown): void {
  if (process.env.CHECK_CONTRACT_ANSWERS !== '1' || contract.answer === 'file') return;
  const parsed = (contract.answer as unknown as z.ZodMiniType).safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`${contract.name} answered outside its contract: ${fields}`);
  }
}

/**
 * A handler as contractFunction takes it: the same type, deferred, so that
 * TypeScript reads `C` from the contract alone and checks the handler's
 * literals ('verified', `true`) against the answer's instead of widening them.
 */
export type HandlerOf<C extends Contract> = C extends Contract ? ContractHandler<C> : never;

/** Turns a handler's reply into the response, checked against the contract when tests ask. */
function respond<C extends Contract>(contract: C, reply: Reply<AnswerOf<C>> | Response): Response {
  if (reply instanceof Response) return reply;
  checkAnswer(contract, reply.body);
  return jsonResponse(reply.status ?? 200, reply.body, reply.headers);
}

/** What may run around a handler: a budget spent before it, an error counted after (netlify/lib/platform/fiscal-code-budget.ts). */
export interface Guard {
  before(request: Request, context: FunctionContext): Promise<void>;
  failed?(error: unknown, request: Request, context: FunctionContext): Promise<void>;
}

/**
 * The Netlify function of `contract`: 405 for another method (with Allow);
 * then, unless the contract's caller is 'service' (Stripe's webhook), the
 * request's site and content type checked (checkBrowserRequest,
 * request-origin.ts: 403 from another site, 415 for a body not declared
 * JSON); for a POST, the body read (16 KB at most, `options.maxBytes` otherwise)
 * and parsed with the contract's request (400 with its Italian message);
 * then `options.guard`, the handler, and its reply as JSON. A GET function
 * also answers HEAD. Every error becomes `{ error }` in Italian
 * (responseForError), never a stack.
 */
export function contractFunction<C extends Contract>(
  contract: C,
  handler: HandlerOf<C>,
  options: { maxBytes?: number; guard?: Guard } = {},
): NetlifyHandler {
  const methods = contract.method === 'GET' ? ['GET', 'HEAD'] : ['POST'];
  return async (request, context) => {
    if (!methods.includes(request.method)) {
      return errorResponse(405, `Metodo non consentito: usa ${contract.method}.`, { allow: methods.join(', ') });
    }
    try {
      checkBrowserRequest(request, contract.caller ?? 'browser');
      await options.guard?.before(request, context);
      try {
        const input =
          contract.request === null
            ? (undefined as ParsedRequestOf<C>)
            : (parseRequest(
                contract.request,
                await readJsonBody(request, options.maxBytes),
                contract.messages.malformed ?? MALFORMED,
              ) as ParsedRequestOf<C>);
        return respond(contract, await (handler as ContractHandler<C>)(input, request, context));
      } catch (error) {
        await options.guard?.failed?.(error, request, context);
        throw error;
      }
    } catch (error) {
      return responseForError(error, contract.name);
    }
  };
}

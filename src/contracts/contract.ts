import type { z } from 'zod/mini';

/**
 * What every function's contract declares (docs/architecture.md, "Contracts"): one
 * module per function in src/contracts, imported by the function
 * (netlify/lib/platform/contract-function.ts) and by the screen
 * (src/lib/api/functions-client.ts, `callContract`); a test run checks every
 * real answer against it. Contracts are written with zod/mini, so a screen
 * that parses an answer loads a few kB, not zod's full build.
 */

/** Who calls a function: the portal's pages in a browser, or a service with its own proof (Contract, `caller`). */
export type Caller = 'browser' | 'service';

/** A zod or zod/mini schema. */
export type Schema = z.core.$ZodType;

/** A function's Italian messages by name: the texts it answers in `{ error }`, some with a detail. */
export type Messages = Record<string, string | ((...details: never[]) => string)>;

/**
 * A contract's schema-free part: the function's name, method and messages.
 * A contract spreads it when the browser calls the function before any
 * schema loads (`callEndpoint`, src/lib/api/functions-client.ts;
 * docs/architecture.md, "Contracts").
 */
export type Endpoint = Pick<Contract, 'name' | 'method' | 'messages'>;

/** The endpoint a contract `C` spreads: its literal name, method and messages. */
export type EndpointOf<C extends Contract> = Pick<C, 'name' | 'method' | 'messages'>;

/** Declares an endpoint, keeping its literal name and its messages' types. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

/**
 * One function's contract: its name (the path is /.netlify/functions/{name}),
 * its method (POST with a JSON body; GET for a public read), the request it
 * reads (null for a GET, or a body the function reads itself: Stripe's
 * signed webhook), the answer it gives ('file' for a download: a PDF,
 * a CSV, an export), its messages (`malformed`: a request the schema
 * refuses without a message of its own) and its caller ('browser' unless
 * said: the portal's pages, whose requests must come from the portal's own
 * origin as JSON; 'service' for a server with its own proof, Stripe's signed
 * webhook; docs/security.md, "Requests only from the portal's pages").
 */
export interface Contract {
  name: string;
  method: 'POST' | 'GET';
  caller?: Caller;
  request: Schema | null;
  answer: Schema | 'file';
  messages: Messages & { malformed?: string };
}

/** What the browser sends. */
export type RequestOf<C extends Contract> = C['request'] extends Schema ? z.input<C['request']> : never;
/** What the function reads once the request is parsed (defaults filled in, text trimmed). */
export type ParsedRequestOf<C extends Contract> = C['request'] extends Schema ? z.output<C['request']> : never;
/** What the function answers (a 2xx), as the browser reads it. */
export type AnswerOf<C extends Contract> = C['answer'] extends Schema ? z.output<C['answer']> : never;

/** Declares a contract, keeping its literal name and its schemas' types. */
export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

/** The path a contract's function answers at. */
export function functionPath(contract: Pick<Contract, 'name'>): string {
  return `/.netlify/functions/${contract.name}`;
}

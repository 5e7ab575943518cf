import { describeProblems, SERVICE_MESSAGES, ServiceNotConfiguredError } from './server-env';

/**
 * HTTP plumbing shared by the Netlify functions (docs/api.md, "Errors"):
 * every answer is JSON, every error `{ error }` with an Italian message,
 * never a stack or a secret.
 */

/** Largest request body a function reads, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Italian messages of the plumbing's own errors. */
export const HTTP_MESSAGES = {
  notJson: 'Richiesta non valida: il corpo deve essere JSON.',
  tooLarge: 'Richiesta troppo grande.',
  internal: 'Si è verificato un errore imprevisto. Riprova tra qualche istante.',
} as const;

/** An error a handler throws to answer `status` with `{ error: message }` (and `headers`, e.g. Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A JSON response with `status`, never cached. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** An error response `{ error: message }`. */
export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return jsonResponse(status, { error: message }, headers);
}

/**
 * Reads the raw request body as bytes, at most `maxBytes` (a declared
 * Content-Length over it is refused before reading; otherwise reading stops
 * as soon as the bound is passed). The Stripe webhook checks its signature
 * on these exact bytes.
 * @throws HttpError 413 'Richiesta troppo grande.' when the body is larger.
 */
export async function readBodyBytes(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, HTTP_MESSAGES.tooLarge);
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads the request body as UTF-8 text (a leading BOM dropped, as
 * `Request.text()` does), at most `maxBytes` ({@link MAX_BODY_BYTES} by default).
 * @throws HttpError 413 when it is larger.
 */
export async function readBodyText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request, maxBytes));
}

/**
 * Reads the request body as JSON, at most `maxBytes`.
 * @throws HttpError 400 when it is not valid JSON, 413 when too large.
 */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const text = await readBodyText(request, maxBytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, HTTP_MESSAGES.notJson);
  }
}

/**
 * Turns anything a handler threw into a response: an {@link HttpError} into
 * its status and message, a service not configured (server-env.ts) into 503
 * with that service's Italian message (the log names the variables, never
 * their values), and
 * anything else into 500 with a generic message; the detail goes to the log
 * (name and message only, never the request body).
 */
export function responseForError(error: unknown, functionName: string): Response {
  if (error instanceof HttpError) return errorResponse(error.status, error.message, error.headers);
  if (error instanceof ServiceNotConfiguredError) {
    console.error(`[${functionName}] ${describeProblems(error.missing, error.invalid, error.reasons)}`);
    return errorResponse(503, SERVICE_MESSAGES[error.service]);
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`${functionName}: unexpected error: ${detail}`);
  return errorResponse(500, HTTP_MESSAGES.internal);
}

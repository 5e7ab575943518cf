/**
 * JSON helpers shared by the Netlify functions: every answer is JSON, every
 * error `{ error }` with an Italian message, never a stack.
 */

/** A JSON response with `status`. */
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

/** 405 for any method but POST, with the Allow header. */
export function methodNotAllowed(): Response {
  return errorResponse(405, 'Metodo non consentito: usa POST.', { allow: 'POST' });
}

/**
 * Reads the request body as JSON.
 * @returns `{ ok: true, value }`, or `{ ok: false }` when the body is not valid JSON.
 */
export async function readJsonBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: JSON.parse(await request.text()) as unknown };
  } catch {
    return { ok: false };
  }
}

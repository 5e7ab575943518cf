import type { BenchStack } from './stack';

/** An admin function's answer as {@link callAdminFunction} read it. */
export interface TimedAnswer {
  status: number;
  ok: boolean;
  /** From the request to the whole answer read, in milliseconds. */
  ms: number;
  /** The answer's bytes (JSON, a PDF, …). */
  body: Buffer;
}

/**
 * One POST of the admin function `name` on the stack, as the admin screens
 * send it (`Authorization: Bearer {token}`, a JSON body), timed from the
 * request to the whole answer read. Does not check the status.
 */
export async function callAdminFunction(stack: BenchStack, token: string, name: string, body: unknown): Promise<TimedAnswer> {
  const startedAt = performance.now();
  const response = await fetch(`${stack.appUrl}/.netlify/functions/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, ok: response.ok, ms: performance.now() - startedAt, body: bytes };
}

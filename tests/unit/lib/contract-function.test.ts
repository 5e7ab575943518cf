import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { defineContract } from '@contracts/contract';
import { contractFunction } from '../../../netlify/lib/platform/contract-function';
import { browserRequest, functionContext } from '../../support/function-context';

/**
 * contractFunction itself (netlify/lib/platform/contract-function.ts; docs/architecture.md,
 * "Contracts"): the unit tests rely on CHECK_CONTRACT_ANSWERS to check every
 * answer a function gives against its contract, so these show that a
 * handler answering outside its contract is refused when the variable is
 * set, and that the check is what refuses it.
 */

const contract = defineContract({
  name: 'planted',
  method: 'POST',
  request: z.object({ count: z.number().check(z.int(), z.positive()) }),
  answer: z.object({ doubled: z.number(), label: z.string() }),
  messages: { malformed: 'Richiesta non valida: serve "count".' },
});

/** A handler whose answer is right for an even count and outside the contract for an odd one (a string where a number goes). */
const handler = contractFunction(contract, ({ count }) =>
  Promise.resolve(
    count % 2 === 0
      ? { body: { doubled: count * 2, label: 'pari' } }
      : // The cast stands for a slip tsc cannot see: a field computed as the wrong type at run time.
        { body: { doubled: String(count * 2), label: 'dispari' } as unknown as { doubled: number; label: string } },
  ),
);

async function call(body: unknown) {
  const response = await handler(
    browserRequest('http://localhost/.netlify/functions/planted', { method: 'POST', body: JSON.stringify(body) }),
    functionContext(),
  );
  return { status: response.status, body: (await response.json()) as unknown };
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('contractFunction', () => {
  it('the unit tests run with CHECK_CONTRACT_ANSWERS set', () => {
    expect(process.env.CHECK_CONTRACT_ANSWERS).toBe('1');
  });

  it('with the check on, an answer inside the contract goes out as it is', async () => {
    vi.stubEnv('CHECK_CONTRACT_ANSWERS', '1');
    expect(await call({ count: 2 })).toEqual({ status: 200, body: { doubled: 4, label: 'pari' } });
  });

  it('with the check on, an answer outside the contract is refused (500), the log naming the function and the field', async () => {
    vi.stubEnv('CHECK_CONTRACT_ANSWERS', '1');
    expect(await call({ count: 3 })).toEqual({
      status: 500,
      body: { error: 'Si è verificato un errore imprevisto. Riprova tra qualche istante.' },
    });
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/planted answered outside its contract: doubled: /));
  });

  it('with the check off (production), the same answer goes out unchecked: the check is what catches it', async () => {
    vi.stubEnv('CHECK_CONTRACT_ANSWERS', '');
    expect(await call({ count: 3 })).toEqual({ status: 200, body: { doubled: '6', label: 'dispari' } });
  });

  it("parses the request with the contract: a request it refuses gets the contract's message, and the handler never runs", async () => {
    expect(await call({ count: 'tre' })).toEqual({ status: 400, body: { error: 'Richiesta non valida: serve "count".' } });
  });
});

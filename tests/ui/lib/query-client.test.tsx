import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';

afterEach(() => vi.restoreAllMocks());

describe('createQueryClient: errors are logged once, by the caches', () => {
  it('logs a failed query once, under its key', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('down');
    await expect(
      createQueryClient({ retry: false }).fetchQuery({ queryKey: ['admin-orders'], queryFn: () => Promise.reject(failure) }),
    ).rejects.toBe(failure);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('Query ["admin-orders"] failed:', failure);
  });

  it('logs a failed mutation once, under its key', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('refused');
    const client = createQueryClient();
    const mutation = client
      .getMutationCache()
      .build(client, { mutationKey: ['record-payment'], mutationFn: () => Promise.reject(failure) });
    await expect(mutation.execute(undefined)).rejects.toBe(failure);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('Mutation ["record-payment"] failed:', failure);
  });
});

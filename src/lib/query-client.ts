import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

/** Retry delay in ms before retry `attempt` (0-based): min(1000 × 2^n, 30000): exponential backoff, capped at 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** Options of {@link createQueryClient}. */
export interface QueryClientOptions {
  /** Retries of a failed query: 3 in the app; tests pass `false` so a failure shows at once. */
  retry?: boolean | number;
}

/**
 * Creates the app's query client: queries retried `retry` times (3) with
 * exponential delay ({@link retryDelayMs}), unused data garbage-collected
 * after 5 minutes, no refetch on window focus; mutations never retried.
 *
 * Errors are reported once, here: every failed query is logged with
 * console.error under its query key, every failed mutation under its
 * mutation key, so fetchers, hooks and screens do not log them again (a
 * screen shows the Italian message, src/lib/errors.ts).
 */
export function createQueryClient({ retry = 3 }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.error(`Query ${JSON.stringify(query.queryKey)} failed:`, error),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) =>
        console.error(`Mutation ${JSON.stringify(mutation.options.mutationKey ?? [])} failed:`, error),
    }),
    defaultOptions: {
      queries: {
        retry,
        retryDelay: retryDelayMs,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

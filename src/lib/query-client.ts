import { QueryClient } from '@tanstack/react-query';

/** Retry delay in ms before retry `attempt` (0-based): min(1000 × 2^n, 30000) (SPEC.md section 9). */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/**
 * Creates the app's query client: 3 retries with exponential delay, unused
 * data garbage-collected after 5 minutes, no refetch on window focus
 * (SPEC.md sections 4 and 9).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 3,
        retryDelay: retryDelayMs,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
      },
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endSessionContract } from '@contracts/end-session';
import { callContract } from '@/lib/api/functions-client';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';

// Only 'Esci' (EndSession, loaded on demand) needs it, so its contract stays out of the first bundle.

/**
 * Ends the parent's session through end-session (the server clears the cookie).
 * @throws UserFacingError with the function's Italian message, 0 when unreachable.
 */
export function endSession() {
  return callContract(endSessionContract, {});
}

/**
 * end-session as a mutation ('Esci'); once ended, every family lookup is
 * dropped from the cache, so nothing of the family stays in the browser's memory.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.endSession,
    mutationFn: endSession,
    onSuccess: () => queryClient.removeQueries({ queryKey: queryKeys.familyLookup.all }),
  });
}

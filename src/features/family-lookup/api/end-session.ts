import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api/functions-client';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';
import { loadAccessCodeSchemas } from './access-code';

// end-session, apart from the other access-code calls: only 'Esci' (EndSession, loaded on demand) needs it.

/** end-session's answer: the session cookie was cleared. */
export interface SessionEnded {
  status: 'ended';
}

/**
 * Ends the parent's session through end-session (the server clears the cookie).
 * @throws UserFacingError with the function's Italian message, 0 when unreachable.
 */
export function endSession(): Promise<SessionEnded> {
  return callFunction('end-session', {}, async () => (await loadAccessCodeSchemas()).sessionEndedSchema);
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

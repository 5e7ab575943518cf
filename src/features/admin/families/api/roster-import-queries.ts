import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/api/query-keys';
import { commitRoster, previewRoster } from './roster-import';

/**
 * The mutations of 'Importa anagrafica' over the fetchers of
 * ./roster-import.ts (kept apart so the screen's tests replace the
 * fetchers and keep these). The preview is a mutation too: it is a POST
 * the admin starts, never cached or refetched.
 */

/** Mutation keys (the query client logs a failure under its key). */
const ROSTER_IMPORT_KEYS = {
  preview: ['roster-import', 'preview'],
  commit: ['roster-import', 'commit'],
} as const;

/** 'preview' of the rows read from the file ({@link previewRoster}). */
export function usePreviewRoster() {
  return useMutation({ mutationKey: ROSTER_IMPORT_KEYS.preview, mutationFn: previewRoster });
}

/**
 * 'Conferma importazione' ({@link commitRoster}). When it settles (even
 * failed: some families may be written) the parents' family lookups and
 * everything under `queryKeys.admin.all` (the 'Famiglie' view, the
 * enrolment view's names and branches, the audit log) are marked stale.
 */
export function useCommitRoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ROSTER_IMPORT_KEYS.commit,
    mutationFn: commitRoster,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
}

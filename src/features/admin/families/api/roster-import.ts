import {
  adminRosterImportContract,
  rosterCommitAnswer,
  rosterPreviewAnswer,
  type RosterCommit,
  type RosterPreview,
} from '@contracts/admin-roster-import';
import type { RequestOf } from '@contracts/contract';
import { callAdminAction } from '@/features/admin/shell/api/admin-functions';

/**
 * The calls of 'Importa anagrafica' (docs/admin.md; adminRosterImportContract).
 * Kept apart from the hooks (./roster-import-queries.ts), so the screen's
 * tests replace these and keep those.
 */

export type { RosterCommit, RosterPreview };

/** The file as the browser read it: admin-roster-import's request without the action, its name (for the audit log) and its rows (rowsOf). */
export type RosterUpload = Pick<RequestOf<typeof adminRosterImportContract>, 'fileName' | 'rows'>;

/**
 * Asks admin-roster-import what importing `rows` would do (action
 * 'preview'): the plan (src/domain/roster/roster-import.ts) and how many documents
 * the server read; nothing is written.
 * @throws UserFacingError with the function's Italian message (signed out,
 * not an admin, a malformed or too large file, unreachable, …).
 */
export function previewRoster(upload: RosterUpload): Promise<RosterPreview> {
  return callAdminAction(adminRosterImportContract, { ...upload, action: 'preview' }, rosterPreviewAnswer);
}

/**
 * Imports `rows` (action 'commit'): the function checks and plans them
 * again, writes the families, archives the `archive` children (ids of the
 * preview's `missing` the admin ticked) and logs the import. Running it
 * again with the same file changes nothing, and finishes what a failure left.
 * @throws UserFacingError as {@link previewRoster}.
 */
export function commitRoster(upload: RosterUpload & { archive: string[] }): Promise<RosterCommit> {
  return callAdminAction(adminRosterImportContract, { ...upload, action: 'commit' }, rosterCommitAnswer);
}

import { z } from 'zod';
import { BRANCHES } from '@domain/branches';
import type { RosterRow } from '@domain/roster';
import type { ImportPlan } from '@domain/roster-import';
import { callAdminFunction } from '@/features/admin/shell/api/admin-functions';

/**
 * The calls of 'Importa anagrafica' (docs/admin.md; docs/api.md,
 * "admin-roster-import"): the two answers' schemas and their fetchers.
 * Kept apart from the hooks (./roster-import-queries.ts), so the screen's
 * tests replace these and keep those.
 */

const rowErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
const branchSchema = z.enum(BRANCHES);
const childSchema = z.object({ cf: z.string(), name: z.string(), surname: z.string(), branch: branchSchema, row: z.number().int() });
const parentSchema = z.object({
  cf: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
const familyPlanSchema = z.object({
  familyId: z.string().nullable(),
  surname: z.string(),
  rows: z.array(z.number().int()),
  newChildren: z.array(childSchema),
  childUpdates: z.array(
    z.object({
      id: z.string(),
      cf: z.string(),
      set: z.object({ name: z.string(), surname: z.string(), branch: branchSchema, archived: z.boolean() }).partial(),
    }),
  ),
  newParents: z.array(parentSchema),
  parentUpdates: z.array(
    z.object({
      id: z.string(),
      cf: z.string(),
      set: z.object({ name: z.string(), surname: z.string(), email: z.string().nullable(), phone: z.string().nullable() }).partial(),
    }),
  ),
  changes: z.array(z.object({ person: z.string(), field: z.string(), from: z.string(), to: z.string() })),
});

/** What 'preview' answers: the plan (src/domain/roster-import.ts) and how many documents the server read. */
export type RosterPreview = ImportPlan & { reads: number };

/** The schema of {@link RosterPreview}. */
export const rosterPreviewSchema: z.ZodType<RosterPreview> = z.object({
  create: z.array(familyPlanSchema),
  update: z.array(familyPlanSchema),
  unchanged: z.number().int().nonnegative(),
  missing: z.array(
    z.object({
      id: z.string(),
      familyId: z.string(),
      cf: z.string(),
      name: z.string(),
      surname: z.string(),
      branch: branchSchema,
      archived: z.boolean(),
    }),
  ),
  errors: z.array(rowErrorSchema),
  joined: z.array(z.string()),
  reads: z.number().int().nonnegative(),
});

/** The schema of what 'commit' answers: what it wrote, by count, the rows it skipped and the families it could not write. */
export const rosterCommitSchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  archived: z.number().int().nonnegative(),
  errors: z.array(rowErrorSchema),
  failed: z.number().int().nonnegative(),
});
export type RosterCommit = z.infer<typeof rosterCommitSchema>;

/** The file as the browser read it: its name (for the audit log) and its rows (rowsOf). */
export interface RosterUpload {
  fileName: string;
  rows: RosterRow[];
}

/**
 * Asks admin-roster-import what importing `rows` would do (action
 * 'preview'): nothing is written.
 * @throws UserFacingError with the function's Italian message (signed out,
 * not an admin, a malformed or too large file, unreachable, …).
 */
export function previewRoster(upload: RosterUpload): Promise<RosterPreview> {
  return callAdminFunction('admin-roster-import', { ...upload, action: 'preview' }, rosterPreviewSchema);
}

/**
 * Imports `rows` (action 'commit'): the function checks and plans them
 * again, writes the families, archives the `archive` children (ids of the
 * preview's `missing` the admin ticked) and logs the import. Running it
 * again with the same file changes nothing, and finishes what a failure left.
 * @throws UserFacingError as {@link previewRoster}.
 */
export function commitRoster(upload: RosterUpload & { archive: string[] }): Promise<RosterCommit> {
  return callAdminFunction('admin-roster-import', { ...upload, action: 'commit' }, rosterCommitSchema);
}

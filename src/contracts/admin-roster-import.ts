import { z } from 'zod/mini';
import { BRANCHES } from '@domain/branches';
import { MAX_ROSTER_ROWS } from '@domain/roster/roster';
import { defineContract } from './contract';
import { documentId } from './fields';

/**
 * admin-roster-import, POST, admin with the `roster` permission, body up to
 * 4 MB (docs/api.md, "admin-roster-import"; docs/admin.md, "Importa
 * anagrafica"): the rows of a roster file as the browser read them.
 * 'preview' answers the plan (src/domain/roster/roster-import.ts, ImportPlan) and
 * the documents read; 'commit' writes it and answers what it did, by count.
 */

const rowError = z.object({ row: z.number().check(z.int()), column: z.string(), message: z.string() });
const branch = z.enum(BRANCHES);
const count = z.number().check(z.int(), z.nonnegative());
const familyPlan = z.object({
  familyId: z.nullable(z.string()),
  surname: z.string(),
  rows: z.array(z.number().check(z.int())),
  newChildren: z.array(z.object({ cf: z.string(), name: z.string(), surname: z.string(), branch, row: z.number().check(z.int()) })),
  childUpdates: z.array(
    z.object({
      id: z.string(),
      cf: z.string(),
      set: z.partial(z.object({ name: z.string(), surname: z.string(), branch, archived: z.boolean() })),
    }),
  ),
  newParents: z.array(
    z.object({ cf: z.string(), name: z.string(), surname: z.string(), email: z.nullable(z.string()), phone: z.nullable(z.string()) }),
  ),
  parentUpdates: z.array(
    z.object({
      id: z.string(),
      cf: z.string(),
      set: z.partial(z.object({ name: z.string(), surname: z.string(), email: z.nullable(z.string()), phone: z.nullable(z.string()) })),
    }),
  ),
  changes: z.array(z.object({ person: z.string(), field: z.string(), from: z.string(), to: z.string() })),
});

/** What 'preview' answers: the plan, and how many documents reading the roster took. */
export const rosterPreviewAnswer = z.object({
  create: z.array(familyPlan),
  update: z.array(familyPlan),
  unchanged: count,
  missing: z.array(
    z.object({
      id: z.string(),
      familyId: z.string(),
      cf: z.string(),
      name: z.string(),
      surname: z.string(),
      branch,
      archived: z.boolean(),
    }),
  ),
  errors: z.array(rowError),
  joined: z.array(z.string()),
  reads: count,
});

/** What 'commit' answers: what it wrote, by count, the rows it skipped for their errors and the families a transaction could not write. */
export const rosterCommitAnswer = z.object({
  created: count,
  updated: count,
  unchanged: count,
  archived: count,
  errors: z.array(rowError),
  failed: count,
});

export const adminRosterImportContract = defineContract({
  name: 'admin-roster-import',
  method: 'POST',
  request: z.object({
    fileName: z.string().check(z.minLength(1), z.maxLength(200)),
    action: z.enum(['preview', 'commit']),
    rows: z
      .array(
        z.object({
          row: z.number().check(z.int(), z.positive()),
          cells: z.record(z.string().check(z.maxLength(60)), z.string().check(z.maxLength(200))),
        }),
      )
      .check(z.maxLength(MAX_ROSTER_ROWS)),
    /** Children 'Non più nel file' to archive (commit only). */
    archive: z._default(z.array(documentId).check(z.maxLength(MAX_ROSTER_ROWS)), []),
  }),
  answer: z.union([rosterPreviewAnswer, rosterCommitAnswer]),
  messages: {
    malformed: 'Richiesta non valida: servono "fileName", "rows" (al massimo 5000) e "action" (preview o commit).',
  },
});

export type RosterPreview = z.infer<typeof rosterPreviewAnswer>;
export type RosterCommit = z.infer<typeof rosterCommitAnswer>;

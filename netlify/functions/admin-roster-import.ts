import type { Config } from '@netlify/functions';
import { FieldValue } from 'firebase-admin/firestore';
import { z } from 'zod';
import { childDocument, COLLECTION, familyDocument, parentDocument } from '@domain/documents';
import { checkRoster, MAX_ROSTER_ROWS, type RosterFamily } from '@domain/roster';
import { planImport, type ImportPlan, type KnownChild, type KnownParent } from '@domain/roster-import';
import { requireStaff } from '../lib/admin-auth';
import { adminActor } from '../lib/audit-log';
import { getAllById, readSnapshot } from '../lib/documents';
import { getDb, runTransaction } from '../lib/firestore';
import { jsonFunction, jsonResponse } from '../lib/http';
import { parseBody } from '../lib/order-request';
import { indexChild, readRosterIndex } from '../lib/roster-index';
import { peopleByFiscalCode } from '../lib/roster-queries';
import { ImportAudit, type ImportCounts } from '../lib/roster-import-audit';
import { commitFamilies, knownChild, knownParent, type FamilyOutcome } from '../lib/roster-writes';

/** Italian messages of admin-roster-import. */
export const ROSTER_IMPORT_MESSAGES = {
  malformed: 'Richiesta non valida: servono "fileName", "rows" (al massimo 5000) e "action" (preview o commit).',
} as const;

/** Families written per transaction: well under Firestore's 500 writes. */
const FAMILIES_PER_TRANSACTION = 20;

const bodySchema = z.object({
  fileName: z.string().min(1).max(200),
  action: z.enum(['preview', 'commit']),
  rows: z
    .array(z.object({ row: z.number().int().positive(), cells: z.record(z.string().max(60), z.string().max(200)) }))
    .max(MAX_ROSTER_ROWS),
  /** Children 'Non più nel file' to archive (commit only). */
  archive: z.array(z.string().min(1).max(128)).max(MAX_ROSTER_ROWS).default([]),
});

/** The preview: the plan, and how many documents reading the roster took. */
export type RosterPreview = ImportPlan & { reads: number };

/** What a commit did, by count, and what it could not do. */
export interface RosterCommit {
  created: number;
  updated: number;
  unchanged: number;
  archived: number;
  /** Rows skipped for their errors (the preview's, and families refused at commit time). */
  errors: ImportPlan['errors'];
  /** Families a transaction could not write (they are written by running the import again). */
  failed: number;
}

/**
 * The plan of `rows` against the roster as its index holds it, plus the
 * people of the file the index does not know but the roster holds (typed
 * in the Firestore console, never imported): one `in` query per 30 such
 * codes. The families a file family would join are read (for their
 * surnames in the message) only when there are any. Reads: the index's 16
 * and what the file adds, never the rest of the roster.
 */
async function preview(db: FirebaseFirestore.Firestore, rows: Parameters<typeof checkRoster>[0]): Promise<RosterPreview> {
  const checked = checkRoster(rows);
  const index = await readRosterIndex(db);
  const unindexed = await unindexedPeople(db, checked, index);
  const roster = { children: [...index.children, ...unindexed.children], parents: [...index.parents, ...unindexed.parents] };
  const reads = index.reads + unindexed.reads;
  const first = planImport(checked, { ...roster, surnames: new Map() });
  if (first.joined.length === 0) return { ...first, reads };
  const families = await getAllById(db, COLLECTION.families, first.joined, familyDocument);
  const plan = planImport(checked, { ...roster, surnames: new Map(families.map((family) => [family.id, family.surname])) });
  return { ...plan, reads: reads + families.length };
}

/**
 * The file's children and parents missing from `index` that the roster
 * holds, and about the reads it took (each query is billed one read at
 * least, one per document found otherwise).
 */
async function unindexedPeople(
  db: FirebaseFirestore.Firestore,
  checked: ReturnType<typeof checkRoster>,
  index: Awaited<ReturnType<typeof readRosterIndex>>,
): Promise<{ children: KnownChild[]; parents: KnownParent[]; reads: number }> {
  const indexedChildren = new Set(index.children.map((child) => child.cf));
  const indexedParents = new Set(index.parents.map((parent) => parent.cf));
  const childCodes = [...checked.childCodes].filter((cf) => !indexedChildren.has(cf));
  const parentCodes = [...new Set(checked.families.flatMap((family) => family.parents.map((parent) => parent.cf)))].filter(
    (cf) => !indexedParents.has(cf),
  );
  const children = await peopleByFiscalCode(db, null, COLLECTION.sons, childCodes, (snapshot) => readSnapshot(childDocument, snapshot));
  const parents = await peopleByFiscalCode(db, null, COLLECTION.parents, parentCodes, (snapshot) => readSnapshot(parentDocument, snapshot));
  const queries = Math.ceil(childCodes.length / 30) + Math.ceil(parentCodes.length / 30);
  return {
    children: children.map(knownChild),
    parents: parents.map(knownParent),
    reads: Math.max(queries, children.length + parents.length),
  };
}

/**
 * Archives the `childIds` that are still active and not named by the file,
 * and completes the import's audit entry with them and the counts
 * (`counts` but `archived`), in one transaction; returns how many.
 */
async function archiveAndFinish(
  db: FirebaseFirestore.Firestore,
  childIds: readonly string[],
  named: ReadonlySet<string>,
  audit: ImportAudit,
  counts: Omit<ImportCounts, 'archived'>,
): Promise<number> {
  const archived = await runTransaction(db, async (transaction) => {
    audit.begin();
    const snapshots = childIds.length ? await transaction.getAll(...childIds.map((id) => db.collection(COLLECTION.sons).doc(id))) : [];
    const children = snapshots.flatMap((snapshot) => readSnapshot(childDocument, snapshot) ?? []);
    const toArchive = children.filter((child) => child.archived_at === null && !named.has(child.cf));
    for (const child of toArchive) {
      transaction.update(db.collection(COLLECTION.sons).doc(child.id), {
        archived_at: FieldValue.serverTimestamp(),
        updated_at: FieldValue.serverTimestamp(),
      });
      indexChild(db, transaction, { ...knownChild(child), archived: true });
    }
    audit.add(
      [],
      toArchive.map((child) => ({ id: child.id, name: `${child.name} ${child.surname}` })),
    );
    audit.finish({ ...counts, archived: toArchive.length });
    audit.flush(transaction);
    return toArchive.length;
  });
  audit.commit();
  return archived;
}

/**
 * POST /.netlify/functions/admin-roster-import (docs/api.md,
 * "admin-roster-import"; docs/admin.md, "Importa anagrafica"), for an
 * admin (ID token with the admin claim), body at most 4 MB:
 * `{ fileName, action, rows: [{ row, cells: { 'Cognome': …, … } }],
 * archive?: [childId] }`, the rows as the browser read them from the file.
 *
 * 'preview' checks every row (src/domain/roster.ts) and plans the import
 * against the roster (src/domain/roster-import.ts), reading the roster
 * index (16 documents) and the families it names: 200 `{ create, update,
 * unchanged, missing, errors, reads }`. Nothing is written.
 *
 * 'commit' checks and plans again, then writes the families 20 to a
 * transaction (each family whole or not at all; the people are read again
 * in the transaction), each with its families' audit records (the people
 * added, each change before and after, parents' e-mails included:
 * ImportAudit, in as many entries as the size asks), then, in one more
 * transaction, archives the `archive` children still active and not in the
 * file and completes the audit entry (their ids and names, the counts):
 * 200 `{ created, updated, unchanged, archived, errors, failed }`. The same
 * file again changes nothing; a failure half-way is finished by running
 * the import again.
 *
 * Errors `{ error }` in Italian: 400 for a malformed body, 401/403 without
 * an admin token, 413 over 4 MB, 405 for other methods, 503 without Firebase.
 */
export default jsonFunction(
  'admin-roster-import',
  async (body, request) => {
    const { token } = await requireStaff(request, 'admin-roster-import', 'roster');
    const input = parseBody(bodySchema, body, ROSTER_IMPORT_MESSAGES.malformed);
    const db = getDb();
    if (input.action === 'preview') return jsonResponse(200, await preview(db, input.rows));

    const checked = checkRoster(input.rows);
    const audit = new ImportAudit(db, adminActor(token), input.fileName);
    const outcomes: FamilyOutcome[] = [];
    let failed = 0;
    for (let start = 0; start < checked.families.length; start += FAMILIES_PER_TRANSACTION) {
      const chunk: RosterFamily[] = checked.families.slice(start, start + FAMILIES_PER_TRANSACTION);
      try {
        const written = await runTransaction(
          db,
          async (transaction) => {
            audit.begin();
            const chunkOutcomes = await commitFamilies(db, transaction, chunk);
            audit.add(chunkOutcomes.flatMap((outcome) => ('record' in outcome ? [outcome.record] : [])));
            audit.flush(transaction);
            return chunkOutcomes;
          },
          { maxAttempts: 10 },
        );
        audit.commit();
        outcomes.push(...written);
      } catch (error) {
        failed += chunk.length;
        console.error(
          `admin-roster-import: ${chunk.length} families not written: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    const count = (kind: FamilyOutcome['kind']) => outcomes.filter((outcome) => outcome.kind === kind).length;
    const errors = [...checked.errors, ...outcomes.flatMap((outcome) => (outcome.kind === 'refused' ? outcome.errors : []))].sort(
      (a, b) => a.row - b.row,
    );
    const counts = {
      rows: input.rows.length,
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      errors: errors.length,
      failed,
    };
    const archived = await archiveAndFinish(db, input.archive, checked.childCodes, audit, counts);
    const result: RosterCommit = {
      created: counts.created,
      updated: counts.updated,
      unchanged: counts.unchanged,
      archived,
      errors,
      failed,
    };
    return jsonResponse(200, result);
  },
  { maxBytes: 4 * 1024 * 1024 },
);

/** A few imports a minute at most; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

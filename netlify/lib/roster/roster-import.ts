import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { RosterCommit, RosterPreview } from '@contracts/admin-roster-import';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { familyDocument } from '@domain/roster/family-schema';
import { parentDocument } from '@domain/roster/parent-schema';
import { checkRoster, type RosterFamily, type RosterRow } from '@domain/roster/roster';
import { knownChild, knownParent, planImport, type KnownChild, type KnownParent } from '@domain/roster/roster-import';
import type { AuditActor } from '../platform/audit-log';
import type { MailContext } from '../platform/mail/layout';
import { getAllById, readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { indexChild, readRosterIndex } from './roster-index';
import { ImportAudit, type ImportCounts } from './roster-import-audit';
import { peopleByFiscalCode } from './roster-queries';
import { commitFamilies, type FamilyOutcome } from './roster-writes';
import { staffEmailsAmong } from '../staff/staff-emails';

/**
 * 'Importa anagrafica' on the server (docs/admin.md; admin-roster-import):
 * the preview plans the file against the roster index, the commit writes
 * its families 20 to a transaction (roster-writes.ts) and archives the
 * children the admin ticked, with the import's audit entry (ImportAudit).
 */

/** Families written per transaction: well under Firestore's 500 writes. */
const FAMILIES_PER_TRANSACTION = 20;

/**
 * The plan of `rows` against the roster as its index holds it, plus the
 * people of the file the index does not know but the roster holds (typed
 * in the Firestore console, never imported): one `in` query per 30 such
 * codes. The families a file family would join are read (for their
 * surnames in the message) only when there are any. Reads: the index's 16
 * and what the file adds, never the rest of the roster.
 */
export async function previewRoster(db: Firestore, rows: readonly RosterRow[]): Promise<RosterPreview> {
  const checked = await checkRosterRows(db, rows);
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
 * checkRoster of `rows`, with the parents' addresses that are volunteers'
 * (staffEmailsAmong) as errors of their rows: a volunteer's own account never
 * becomes a family's parent through an import.
 */
async function checkRosterRows(db: Firestore, rows: readonly RosterRow[]): Promise<ReturnType<typeof checkRoster>> {
  const checked = checkRoster(rows);
  const emails = checked.families.flatMap((family) => family.parents.flatMap((parent) => parent.email ?? []));
  const staff = await staffEmailsAmong(db, emails);
  return staff.size === 0 ? checked : checkRoster(rows, staff);
}

/**
 * The file's children and parents missing from `index` that the roster
 * holds, and about the reads it took (each query is billed one read at
 * least, one per document found otherwise).
 */
async function unindexedPeople(
  db: Firestore,
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
  db: Firestore,
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

/** The families of `checked` written chunk by chunk, each chunk whole or not at all; a chunk that fails is counted and logged. */
async function writeChunks(
  db: Firestore,
  families: readonly RosterFamily[],
  audit: ImportAudit,
  context: MailContext,
): Promise<{ outcomes: FamilyOutcome[]; failed: number }> {
  const outcomes: FamilyOutcome[] = [];
  let failed = 0;
  for (let start = 0; start < families.length; start += FAMILIES_PER_TRANSACTION) {
    const chunk = families.slice(start, start + FAMILIES_PER_TRANSACTION);
    try {
      const written = await runTransaction(
        db,
        async (transaction) => {
          audit.begin();
          const chunkOutcomes = await commitFamilies(db, transaction, chunk, context);
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
      console.error(`admin-roster-import: ${chunk.length} families not written: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { outcomes, failed };
}

/**
 * Commits an import: checks and plans `rows` again, writes the families
 * ({@link writeChunks}, with the notices to the families whose parents it
 * adds or changes), then archives the `archive` children still active
 * and not in the file and completes the audit entry. The same file again
 * changes nothing; a failure half-way is finished by running it again.
 * @returns the answer, and the notices' message ids (deliver them after the answer).
 */
export async function commitRoster(
  db: Firestore,
  actor: AuditActor,
  input: { fileName: string; rows: readonly RosterRow[]; archive: readonly string[] },
  context: MailContext,
): Promise<{ answer: RosterCommit; mailIds: string[] }> {
  const checked = await checkRosterRows(db, input.rows);
  const audit = new ImportAudit(db, actor, input.fileName);
  const { outcomes, failed } = await writeChunks(db, checked.families, audit, context);
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
  const mailIds = outcomes.flatMap((outcome) => ('mailIds' in outcome ? outcome.mailIds : []));
  return { answer: { created: counts.created, updated: counts.updated, unchanged: counts.unchanged, archived, errors, failed }, mailIds };
}

import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { surnameFilterKey } from '@domain/orders/admin-orders';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { familyDocument, type FamilyDocument } from '@domain/roster/family-schema';
import { parentDocument, type ParentDocument } from '@domain/roster/parent-schema';
import type { RosterFamily, RowError } from '@domain/roster/roster';
import {
  changesSomething,
  knownChild,
  knownParent,
  planFamily,
  type FamilyPlan,
  type KnownChild,
  type KnownParent,
} from '@domain/roster/roster-import';
import { familyImportRecord, type FamilyImportRecord } from '@domain/roster/roster-import-audit';
import { readSnapshot } from '../platform/snapshots';
import { collectIndexWrites, indexChild, indexParent, type IndexWriter } from './roster-index';
import { peopleByFiscalCode } from './roster-queries';
import type { MailContext } from '../platform/mail/layout';
import { enqueueImportNotices, needsParentNotice, readFamilyParents } from './roster-import-notices';

/**
 * Writes families of an import (docs/admin.md, "Importa anagrafica") inside
 * one transaction: the people they name are read again by fiscal code (the
 * preview's roster index is never trusted alone), each family is planned
 * again from what was read (src/domain/roster/roster-import.ts, planFamily), then
 * its family document, children, parents and roster index entries are
 * written. Within the transaction a family is written whole or not at all;
 * Firestore's transactions are serializable, queries included, so two
 * imports of the same people run one after the other and the second finds
 * what the first created.
 */

/** The 'Famiglie' search fields of a known family with `codes` added (docs/data-model.md, "The roster"). */
function searchFields(family: FamilyDocument, codes: readonly string[]) {
  return { surname_key: family.surname_key ?? surnameFilterKey(family.surname), fiscal_codes: FieldValue.arrayUnion(...codes) };
}

/**
 * What happened to each family of a committed chunk, in its order; a family
 * written carries its audit record (familyImportRecord) and the ids of the
 * notices to its parents (enqueueImportNotices).
 */
export type FamilyOutcome =
  | { kind: 'created' | 'updated'; familyId: string; record: FamilyImportRecord; mailIds: string[] }
  | { kind: 'unchanged' }
  | { kind: 'refused'; errors: RowError[] };

/** What a chunk's transaction reads first: the people its families name, by fiscal code, and the roster's families they belong to. */
interface ChunkRoster {
  children: Map<string, KnownChild>;
  parents: Map<string, KnownParent>;
  families: Map<string, FamilyDocument>;
  surnames: Map<string, string>;
}

/** Reads, in `transaction`, the people `families` name and their families. */
async function readChunkRoster(db: Firestore, transaction: Transaction, families: readonly RosterFamily[]): Promise<ChunkRoster> {
  const childCodes = families.flatMap((family) => family.children.map((child) => child.cf));
  const parentCodes = families.flatMap((family) => family.parents.map((parent) => parent.cf));
  const children = await peopleByFiscalCode(db, transaction, COLLECTION.sons, childCodes, (snapshot) =>
    readSnapshot(childDocument, snapshot),
  );
  const parents = await peopleByFiscalCode(db, transaction, COLLECTION.parents, parentCodes, (snapshot) =>
    readSnapshot(parentDocument, snapshot),
  );
  const familyIds = [...new Set([...children, ...parents].map((person) => person.family_id))];
  const snapshots = familyIds.length ? await transaction.getAll(...familyIds.map((id) => db.collection(COLLECTION.families).doc(id))) : [];
  const known = snapshots.flatMap((snapshot) => readSnapshot(familyDocument, snapshot) ?? []);
  return {
    children: new Map(children.map((child) => [child.cf, knownChild(child)])),
    parents: new Map(parents.map((parent) => [parent.cf, knownParent(parent)])),
    families: new Map(known.map((family) => [family.id, family])),
    surnames: new Map(known.map((family) => [family.id, family.surname])),
  };
}

/** Where a chunk's writes go: its transaction, the index entries gathered for one write per shard, the time. */
interface ChunkWriter {
  db: Firestore;
  transaction: Transaction;
  index: IndexWriter;
  now: FieldValue;
  /** The mails' links and the family's stored parents, for the notices of a family the import changes. */
  notices: { context: MailContext; parents: Map<string, ParentDocument[]> };
}

/**
 * Commits `families` (checked rows of the file) in `transaction`: reads
 * the people they name, plans each family again (planFamily) and writes
 * it ({@link writeFamily}); returns each family's outcome, with what it
 * changed, before and after, for the import's audit entry (the caller
 * writes it in the same transaction: ImportAudit). A family that now joins
 * two families of the roster (someone changed the roster since the
 * preview) is refused with its errors, and written not at all.
 */
export async function commitFamilies(
  db: Firestore,
  transaction: Transaction,
  families: readonly RosterFamily[],
  context: MailContext,
): Promise<FamilyOutcome[]> {
  const roster = await readChunkRoster(db, transaction, families);
  const planned = families.map((family) => ({ family, planned: planFamily(family, roster.children, roster.parents, roster.surnames) }));
  const noticed = planned.flatMap(({ planned }) => ('plan' in planned && needsParentNotice(planned.plan) ? [planned.plan.familyId!] : []));
  const parents = await readFamilyParents(db, transaction, [...new Set(noticed)]);
  const index = collectIndexWrites();
  const writer: ChunkWriter = { db, transaction, index, now: FieldValue.serverTimestamp(), notices: { context, parents } };
  const outcomes = planned.map(({ family, planned }): FamilyOutcome => {
    return 'errors' in planned ? { kind: 'refused', errors: planned.errors } : writeFamily(writer, family, planned.plan, roster);
  });
  index.flush(transaction);
  return outcomes;
}

/**
 * Writes one planned family: its document (made, or given its search
 * fields), its new and changed children and parents, their index entries.
 * A family written by hand in the console, before the roster's fields,
 * gets its search fields and its people their index entries even when the
 * file changes nothing.
 */
function writeFamily(writer: ChunkWriter, family: RosterFamily, plan: FamilyPlan, roster: ChunkRoster): FamilyOutcome {
  const { db, transaction, index, now } = writer;
  const families = db.collection(COLLECTION.families);
  const familyRef = plan.familyId ? families.doc(plan.familyId) : families.doc();
  const codes = [...family.children.map((child) => child.cf), ...family.parents.map((parent) => parent.cf)];
  const known = plan.familyId ? roster.families.get(plan.familyId) : undefined;
  const searchable = known?.surname_key !== undefined && codes.every((code) => known.fiscal_codes.includes(code));
  if (known && !searchable) {
    for (const child of family.children) indexKnown(db, index, roster.children.get(child.cf), indexChild);
    for (const parent of family.parents) indexKnown(db, index, roster.parents.get(parent.cf), indexParent);
  }
  if (!changesSomething(plan)) {
    if (known && !searchable) transaction.update(familyRef, searchFields(known, codes));
    return { kind: 'unchanged' };
  }
  if (known) transaction.update(familyRef, { ...searchFields(known, codes), updated_at: now });
  else {
    transaction.create(familyRef, {
      id: familyRef.id,
      surname: plan.surname,
      surname_key: surnameFilterKey(plan.surname),
      fiscal_codes: codes,
      orders_id: [],
      updated_at: now,
    });
  }
  const newChildIds = writeChildren(writer, familyRef.id, plan, roster.children);
  const newParentIds = writeParents(writer, familyRef.id, plan, roster.parents);
  const record = familyImportRecord(plan, { familyId: familyRef.id, newChildIds, newParentIds }, roster.children, roster.parents);
  const before = needsParentNotice(plan) ? writer.notices.parents.get(familyRef.id) : undefined;
  const mailIds = before
    ? enqueueImportNotices(
        db,
        transaction,
        { familyId: familyRef.id, parents: before, plan, newParentIds },
        roster.parents,
        writer.notices.context,
      )
    : [];
  return { kind: plan.familyId ? 'updated' : 'created', familyId: familyRef.id, record, mailIds };
}

/** Writes a person's index entry, when the roster holds them. */
function indexKnown<T>(
  db: Firestore,
  index: IndexWriter,
  person: T | undefined,
  write: (db: Firestore, index: IndexWriter, person: T) => void,
) {
  if (person) write(db, index, person);
}

/** Writes the plan's new and changed children of the family `familyId`; returns the new children's ids. */
function writeChildren({ db, transaction, index, now }: ChunkWriter, familyId: string, plan: FamilyPlan, known: Map<string, KnownChild>) {
  const newIds: string[] = [];
  for (const child of plan.newChildren) {
    const ref = db.collection(COLLECTION.sons).doc();
    newIds.push(ref.id);
    const { row: _row, ...person } = child;
    transaction.create(ref, {
      id: ref.id,
      family_id: familyId,
      ...person,
      medical_doc: '',
      medical_forms: [],
      archived_at: null,
      updated_at: now,
    });
    indexChild(db, index, { id: ref.id, familyId, ...person, archived: false });
  }
  for (const update of plan.childUpdates) {
    const { archived, ...fields } = update.set;
    transaction.update(db.collection(COLLECTION.sons).doc(update.id), {
      ...fields,
      ...(archived === false ? { archived_at: null } : {}),
      updated_at: now,
    });
    const entry = known.get(update.cf);
    if (entry) indexChild(db, index, { ...entry, ...update.set });
  }
  return newIds;
}

/** Writes the plan's new and changed parents of the family `familyId`; returns the new parents' ids. */
function writeParents({ db, transaction, index }: ChunkWriter, familyId: string, plan: FamilyPlan, known: Map<string, KnownParent>) {
  const newIds: string[] = [];
  for (const parent of plan.newParents) {
    const ref = db.collection(COLLECTION.parents).doc();
    newIds.push(ref.id);
    transaction.create(ref, { id: ref.id, family_id: familyId, ...parent });
    indexParent(db, index, { id: ref.id, familyId, ...parent });
  }
  for (const update of plan.parentUpdates) {
    transaction.update(db.collection(COLLECTION.parents).doc(update.id), update.set);
    const entry = known.get(update.cf);
    if (entry) indexParent(db, index, { ...entry, ...update.set });
  }
  return newIds;
}

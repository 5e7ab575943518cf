import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { surnameFilterKey } from '@domain/admin-orders';
import {
  childDocument,
  COLLECTION,
  familyDocument,
  parentDocument,
  type ChildDocument,
  type FamilyDocument,
  type ParentDocument,
} from '@domain/documents';
import type { RosterFamily, RowError } from '@domain/roster';
import { changesSomething, planFamily, type KnownChild, type KnownParent } from '@domain/roster-import';
import { familyImportRecord, type FamilyImportRecord } from '@domain/roster-import-audit';
import { readSnapshot } from './documents';
import { collectIndexWrites, indexChild, indexParent } from './roster-index';
import { peopleByFiscalCode } from './roster-queries';

/**
 * Writes families of an import (docs/admin.md, "Importa anagrafica") inside
 * one transaction: the people they name are read again by fiscal code (the
 * preview's roster index is never trusted alone), each family is planned
 * again from what was read (src/domain/roster-import.ts, planFamily), then
 * its family document, children, parents and roster index entries are
 * written. Within the transaction a family is written whole or not at all;
 * Firestore's transactions are serializable, queries included, so two
 * imports of the same people run one after the other and the second finds
 * what the first created.
 */

/** A child as the roster compares it. */
export function knownChild(child: ChildDocument): KnownChild {
  return {
    id: child.id,
    familyId: child.family_id,
    cf: child.cf,
    name: child.name,
    surname: child.surname,
    branch: child.branch,
    archived: child.archived_at !== null,
  };
}

/** A parent as the roster compares it. */
export function knownParent(parent: ParentDocument): KnownParent {
  return {
    id: parent.id,
    familyId: parent.family_id,
    cf: parent.cf,
    name: parent.name,
    surname: parent.surname,
    email: parent.email,
    phone: parent.phone,
  };
}

/** The 'Famiglie' search fields of a known family with `codes` added (docs/data-model.md, "The roster"). */
function searchFields(family: FamilyDocument, codes: readonly string[]) {
  return { surname_key: family.surname_key ?? surnameFilterKey(family.surname), fiscal_codes: FieldValue.arrayUnion(...codes) };
}

/** What happened to each family of a committed chunk, in its order; a family written carries its audit record (familyImportRecord). */
export type FamilyOutcome =
  | { kind: 'created' | 'updated'; familyId: string; record: FamilyImportRecord }
  | { kind: 'unchanged' }
  | { kind: 'refused'; errors: RowError[] };

/**
 * Commits `families` (checked rows of the file) in `transaction`; returns
 * each family's outcome, with what it changed, before and after, for the
 * import's audit entry (the caller writes it in the same transaction:
 * ImportAudit). A family that now joins two families of the roster
 * (someone changed the roster since the preview) is refused with its
 * errors, and written not at all.
 */
export async function commitFamilies(db: Firestore, transaction: Transaction, families: readonly RosterFamily[]): Promise<FamilyOutcome[]> {
  const childCodes = families.flatMap((family) => family.children.map((child) => child.cf));
  const parentCodes = families.flatMap((family) => family.parents.map((parent) => parent.cf));
  const children = await peopleByFiscalCode(db, transaction, COLLECTION.sons, childCodes, (snapshot) =>
    readSnapshot(childDocument, snapshot),
  );
  const parents = await peopleByFiscalCode(db, transaction, COLLECTION.parents, parentCodes, (snapshot) =>
    readSnapshot(parentDocument, snapshot),
  );
  const childrenByCf = new Map(children.map((child) => [child.cf, knownChild(child)]));
  const parentsByCf = new Map(parents.map((parent) => [parent.cf, knownParent(parent)]));
  const familyIds = [...new Set([...children, ...parents].map((person) => person.family_id))];
  const familySnapshots = familyIds.length
    ? await transaction.getAll(...familyIds.map((id) => db.collection(COLLECTION.families).doc(id)))
    : [];
  const knownFamilies = new Map(
    familySnapshots.flatMap((snapshot) => {
      const family = readSnapshot(familyDocument, snapshot);
      return family ? [[family.id, family] as const] : [];
    }),
  );
  const surnames = new Map([...knownFamilies].map(([id, family]) => [id, family.surname]));

  const index = collectIndexWrites();
  const now = FieldValue.serverTimestamp();
  const outcomes = families.map((family): FamilyOutcome => {
    const planned = planFamily(family, childrenByCf, parentsByCf, surnames);
    if ('errors' in planned) return { kind: 'refused', errors: planned.errors };
    const { plan } = planned;
    const familyRef = plan.familyId ? db.collection(COLLECTION.families).doc(plan.familyId) : db.collection(COLLECTION.families).doc();
    const codes = [...family.children.map((child) => child.cf), ...family.parents.map((parent) => parent.cf)];
    const known = plan.familyId ? knownFamilies.get(plan.familyId) : undefined;
    const searchable = known?.surname_key !== undefined && codes.every((code) => known.fiscal_codes.includes(code));
    if (known && !searchable) {
      // A family written by hand in the console, before the roster's fields: it gets its search fields, its people their index entries.
      for (const child of family.children) {
        const entry = childrenByCf.get(child.cf);
        if (entry) indexChild(db, index, entry);
      }
      for (const parent of family.parents) {
        const entry = parentsByCf.get(parent.cf);
        if (entry) indexParent(db, index, entry);
      }
    }
    if (!changesSomething(plan)) {
      if (known && !searchable) transaction.update(familyRef, searchFields(known, codes));
      return { kind: 'unchanged' };
    }
    if (known) {
      transaction.update(familyRef, { ...searchFields(known, codes), updated_at: now });
    } else {
      transaction.create(familyRef, {
        id: familyRef.id,
        surname: plan.surname,
        surname_key: surnameFilterKey(plan.surname),
        fiscal_codes: codes,
        orders_id: [],
        updated_at: now,
      });
    }
    const newChildIds: string[] = [];
    const newParentIds: string[] = [];
    for (const child of plan.newChildren) {
      const ref = db.collection(COLLECTION.sons).doc();
      newChildIds.push(ref.id);
      const { row: _row, ...person } = child;
      transaction.create(ref, {
        id: ref.id,
        family_id: familyRef.id,
        ...person,
        medical_doc: '',
        medical_forms: [],
        archived_at: null,
        updated_at: now,
      });
      indexChild(db, index, { id: ref.id, familyId: familyRef.id, ...person, archived: false });
    }
    for (const update of plan.childUpdates) {
      const known = childrenByCf.get(update.cf);
      const { archived, ...fields } = update.set;
      transaction.update(db.collection(COLLECTION.sons).doc(update.id), {
        ...fields,
        ...(archived === false ? { archived_at: null } : {}),
        updated_at: now,
      });
      if (known) indexChild(db, index, { ...known, ...update.set });
    }
    for (const parent of plan.newParents) {
      const ref = db.collection(COLLECTION.parents).doc();
      newParentIds.push(ref.id);
      transaction.create(ref, { id: ref.id, family_id: familyRef.id, ...parent });
      indexParent(db, index, { id: ref.id, familyId: familyRef.id, ...parent });
    }
    for (const update of plan.parentUpdates) {
      const known = parentsByCf.get(update.cf);
      transaction.update(db.collection(COLLECTION.parents).doc(update.id), update.set);
      if (known) indexParent(db, index, { ...known, ...update.set });
    }
    const record = familyImportRecord(plan, { familyId: familyRef.id, newChildIds, newParentIds }, childrenByCf, parentsByCf);
    return { kind: plan.familyId ? 'updated' : 'created', familyId: familyRef.id, record };
  });
  index.flush(transaction);
  return outcomes;
}

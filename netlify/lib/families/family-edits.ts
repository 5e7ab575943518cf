import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { adminFamilyContract } from '@contracts/admin-family';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { familyDocument } from '@domain/roster/family-schema';
import { parentDocument } from '@domain/roster/parent-schema';
import type { ParsedFamilyChange } from '@domain/families/family-change';
import {
  editedPerson,
  planFamilyEdit,
  type EditedPerson,
  type FamilyEditPlan,
  type FamilyEditRefusal,
  type FamilyEditState,
} from '@domain/families/family-edit';
import { readSnapshot } from '../platform/snapshots';
import { HttpError } from '../platform/http';
import { indexChild, indexParent, unindex } from '../roster/roster-index';
import { childHasOrders, familyParentIds, holderOfFiscalCode } from '../roster/roster-queries';

/**
 * One change of the family editor in a transaction (admin-family;
 * docs/admin.md, "Famiglie"): {@link readFamilyEdit} reads what the change
 * needs, planFamilyEdit (src/domain/families/family-edit.ts) plans it, and
 * {@link writeFamilyEdit} writes the person, the family's search codes and
 * the roster index. Fiscal codes are read in the transaction (serializable:
 * two admins adding one code cannot both pass).
 */

const MESSAGES = adminFamilyContract.messages;

/** The refusal as the answer: 400 a field, 404 someone gone, 409 a code taken or the last parent. */
function refusalError(refusal: FamilyEditRefusal): HttpError {
  switch (refusal.kind) {
    case 'invalid':
      return new HttpError(400, refusal.message ?? MESSAGES.malformed);
    case 'taken':
      return new HttpError(409, MESSAGES.taken(refusal.cf, refusal.who));
    case 'lastParent':
      return new HttpError(409, MESSAGES.lastParent);
    default:
      return new HttpError(404, MESSAGES[refusal.kind]);
  }
}

const isRefusal = (value: EditedPerson | FamilyEditRefusal): value is FamilyEditRefusal =>
  value !== null && value.kind !== 'child' && value.kind !== 'parent';

/** Reads, in `transaction`, what `change` needs: its person as stored, the family, who holds the new fiscal code, the child's orders, the family's parents. */
async function readFamilyEdit(
  db: Firestore,
  transaction: Transaction,
  change: ParsedFamilyChange,
  person: EditedPerson,
): Promise<FamilyEditState> {
  const state: FamilyEditState = { family: null, child: null, parent: null, holder: null, hasOrders: false, parentIds: [] };
  const readFamily = async (id: string) => readSnapshot(familyDocument, await transaction.get(db.collection(COLLECTION.families).doc(id)));
  if ('childId' in change)
    state.child = readSnapshot(childDocument, await transaction.get(db.collection(COLLECTION.sons).doc(change.childId)));
  if ('parentId' in change) {
    state.parent = readSnapshot(parentDocument, await transaction.get(db.collection(COLLECTION.parents).doc(change.parentId)));
  }
  if ('familyId' in change) {
    state.family = await readFamily(change.familyId);
    if (!state.family) return state;
  }
  const current = state.child ?? state.parent;
  if (person && (state.family || (current && current.cf !== person.fields.cf))) {
    state.holder = await holderOfFiscalCode(db, transaction, person.fields.cf, current?.id ?? null);
    if (!state.holder && current) state.family = await readFamily(current.family_id);
  }
  if (change.kind === 'removeChild' && state.child) state.hasOrders = await childHasOrders(db, transaction, state.child.id);
  if (change.kind === 'removeParent' && state.parent) state.parentIds = await familyParentIds(db, transaction, state.parent.family_id, 2);
  return state;
}

/** Writes `plan` in `transaction`: the person, the family's search codes, the roster index. */
function writeFamilyEdit(db: Firestore, transaction: Transaction, plan: FamilyEditPlan): void {
  const now = FieldValue.serverTimestamp();
  const { person, codes, index } = plan;
  const familyRef = db.collection(COLLECTION.families).doc(plan.familyId);
  if (codes && 'set' in codes) transaction.update(familyRef, { fiscal_codes: codes.set, updated_at: now });
  if (index.unindex) unindex(db, transaction, person.kind === 'child' ? 'children' : 'parents', index.unindex);
  const ref = db.collection(person.kind === 'child' ? COLLECTION.sons : COLLECTION.parents).doc(person.id);
  const stamp = person.kind === 'child' ? { updated_at: now } : {};
  if (person.op === 'create' && person.kind === 'child') {
    transaction.create(ref, {
      id: person.id,
      family_id: person.familyId,
      ...person.fields,
      medical_doc: '',
      medical_forms: [],
      archived_at: null,
      ...stamp,
    });
  } else if (person.op === 'create') {
    transaction.create(ref, { id: person.id, family_id: person.familyId, ...person.fields });
  } else if (person.op === 'update') {
    transaction.update(ref, { ...person.fields, ...stamp });
  } else if (person.op === 'archive') {
    transaction.update(ref, { archived_at: now, ...stamp });
  } else {
    transaction.delete(ref);
  }
  if (codes && 'add' in codes) transaction.update(familyRef, { fiscal_codes: FieldValue.arrayUnion(codes.add), updated_at: now });
  if (codes && 'remove' in codes) transaction.update(familyRef, { fiscal_codes: FieldValue.arrayRemove(codes.remove), updated_at: now });
  if (index.entry?.kind === 'child') indexChild(db, transaction, index.entry.value);
  if (index.entry?.kind === 'parent') indexParent(db, transaction, index.entry.value);
}

/**
 * Applies `change` in `transaction`: checks its person's fields, reads,
 * plans and writes.
 * @returns the plan (its family and audit entry, for the caller to record).
 * @throws HttpError 400 a field that fails its check, 404 a family or person gone, 409 a fiscal code someone else has or the last parent.
 */
export async function applyFamilyEdit(db: Firestore, transaction: Transaction, change: ParsedFamilyChange): Promise<FamilyEditPlan> {
  const person = editedPerson(change);
  if (isRefusal(person)) throw refusalError(person);
  const state = await readFamilyEdit(db, transaction, change, person);
  const newId = db.collection(person?.kind === 'parent' ? COLLECTION.parents : COLLECTION.sons).doc().id;
  const plan = planFamilyEdit(change, person, state, newId);
  if ('kind' in plan) throw refusalError(plan);
  writeFamilyEdit(db, transaction, plan);
  return plan;
}

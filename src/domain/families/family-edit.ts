import { AUDIT_ACTION, type AuditAction } from '../audit-log';
import type { ChildDocument } from '../roster/child-schema';
import type { FamilyDocument } from '../roster/family-schema';
import type { ParentDocument } from '../roster/parent-schema';
import type { ParsedFamilyChange } from './family-change';
import { checkChild, checkParent, PARENT_TITLES, type RosterChild, type RosterParent } from '../roster/roster';
import { knownChild, knownParent, type KnownChild, type KnownParent } from '../roster/roster-import';

/**
 * One change of the family editor ('Famiglie', docs/admin.md), planned
 * from what its transaction read (admin-family; src/domain/families/family-change.ts):
 * the person written, the family's search codes, the roster index entry
 * and the audit entry. Pure: netlify/lib/families/family-edits.ts reads, calls
 * {@link planFamilyEdit} and writes the plan.
 */

/** A person's fields as the change gives them, checked as an import checks a row. */
export type EditedPerson = { kind: 'child'; fields: Omit<RosterChild, 'row'> } | { kind: 'parent'; fields: RosterParent } | null;

/** Why a change is refused: a field that fails its check (its Italian message), someone gone, a code someone else has, the last parent. */
export type FamilyEditRefusal =
  | { kind: 'invalid'; message: string | null }
  | { kind: 'familyGone' | 'childGone' | 'parentGone' | 'lastParent' }
  | { kind: 'taken'; cf: string; who: string };

/** The fields of the change's person, checked; a refusal for the first problem. Null for a removal. */
export function editedPerson(change: ParsedFamilyChange): EditedPerson | FamilyEditRefusal {
  const invalid = (checked: { problems: Array<{ message: string }> }): FamilyEditRefusal => ({
    kind: 'invalid',
    message: checked.problems[0]?.message ?? null,
  });
  if (change.kind === 'addChild' || change.kind === 'updateChild') {
    const checked = checkChild(change.child);
    return checked.value && checked.problems.length === 0 ? { kind: 'child', fields: checked.value } : invalid(checked);
  }
  if (change.kind === 'addParent' || change.kind === 'updateParent') {
    const checked = checkParent(change.parent, (field) => PARENT_TITLES[field]);
    return checked.value && checked.problems.length === 0 ? { kind: 'parent', fields: checked.value } : invalid(checked);
  }
  return null;
}

/** What the transaction read for the change (only what its kind needs; the rest null or empty). */
export interface FamilyEditState {
  /** The family a person joins, or whose codes a corrected fiscal code changes. */
  family: FamilyDocument | null;
  child: ChildDocument | null;
  parent: ParentDocument | null;
  /** Who else holds the person's new fiscal code. */
  holder: { id: string; name: string } | null;
  /** Whether the child to remove has orders (it is archived then). */
  hasOrders: boolean;
  /** Up to two parents of the family of the parent to remove. */
  parentIds: string[];
}

/** The write of the person: made (with the id `newId`), changed, archived (a child with orders) or deleted. */
export type PersonWrite =
  | { kind: 'child'; op: 'create'; id: string; familyId: string; fields: Omit<RosterChild, 'row'> }
  | { kind: 'parent'; op: 'create'; id: string; familyId: string; fields: RosterParent }
  | { kind: 'child'; op: 'update'; id: string; fields: Omit<RosterChild, 'row'> }
  | { kind: 'parent'; op: 'update'; id: string; fields: RosterParent }
  | { kind: 'child'; op: 'archive'; id: string }
  | { kind: 'child' | 'parent'; op: 'delete'; id: string };

/** One change's writes, and what its audit entry says. */
export interface FamilyEditPlan {
  familyId: string;
  person: PersonWrite;
  /** The family's search codes (`families.fiscal_codes`): one added, one removed, or all again (a corrected code). */
  codes: { add: string } | { remove: string } | { set: string[] } | null;
  /** The roster index: the entry written, and the fiscal code whose entry goes. */
  index: { entry: { kind: 'child'; value: KnownChild } | { kind: 'parent'; value: KnownParent } | null; unindex: string | null };
  audit: { action: AuditAction; summary: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null };
}

/** The family's codes with `from` corrected to `to`, each once. */
const correctedCodes = (family: FamilyDocument, from: string, to: string) => [
  ...new Set([...family.fiscal_codes.filter((code) => code !== from), to]),
];

/**
 * Plans `change` from `state`; `person` is {@link editedPerson}'s, `newId`
 * the id a new person takes. Refusals come in the editor's order: the
 * person gone, then a code someone else has, then the family gone.
 * @returns the plan, or why the change is refused.
 */
export function planFamilyEdit(
  change: ParsedFamilyChange,
  person: EditedPerson,
  state: FamilyEditState,
  newId: string,
): FamilyEditPlan | FamilyEditRefusal {
  if (change.kind === 'removeChild') return state.child ? planChildRemoval(state.child, state.hasOrders) : { kind: 'childGone' };
  if (change.kind === 'removeParent') return state.parent ? planParentRemoval(state.parent, state.parentIds) : { kind: 'parentGone' };
  if (!person) return { kind: 'invalid', message: null };
  const adding = change.kind === 'addChild' || change.kind === 'addParent';
  if (adding && !state.family) return { kind: 'familyGone' };
  if (person.kind === 'child' && !adding && !state.child) return { kind: 'childGone' };
  if (person.kind === 'parent' && !adding && !state.parent) return { kind: 'parentGone' };
  if (state.holder) return { kind: 'taken', cf: person.fields.cf, who: state.holder.name };
  if (adding) return planAdd(person, state.family!, newId);
  const current = person.kind === 'child' ? state.child! : state.parent!;
  const corrected = person.fields.cf !== current.cf;
  if (corrected && !state.family) return { kind: 'familyGone' };
  const codes = corrected ? { set: correctedCodes(state.family!, current.cf, person.fields.cf) } : null;
  const unindex = corrected ? current.cf : null;
  return person.kind === 'child'
    ? planChildUpdate(state.child!, person.fields, codes, unindex)
    : planParentUpdate(state.parent!, person.fields, codes, unindex);
}

/** A child or parent added to `family`. */
function planAdd(person: NonNullable<EditedPerson>, family: FamilyDocument, id: string): FamilyEditPlan {
  const { name, surname } = person.fields;
  const base = { familyId: family.id, codes: { add: person.fields.cf } };
  if (person.kind === 'child') {
    return {
      ...base,
      person: { kind: 'child', op: 'create', id, familyId: family.id, fields: person.fields },
      index: { entry: { kind: 'child', value: { id, familyId: family.id, ...person.fields, archived: false } }, unindex: null },
      audit: {
        action: AUDIT_ACTION.childAdd,
        summary: `${name} ${surname} aggiunto alla famiglia ${family.surname}`,
        before: null,
        after: { id, ...person.fields },
      },
    };
  }
  return {
    ...base,
    person: { kind: 'parent', op: 'create', id, familyId: family.id, fields: person.fields },
    index: { entry: { kind: 'parent', value: { id, familyId: family.id, ...person.fields } }, unindex: null },
    audit: {
      action: AUDIT_ACTION.parentAdd,
      summary: `${name} ${surname} aggiunto come genitore alla famiglia ${family.surname}`,
      before: null,
      after: { id, ...person.fields },
    },
  };
}

/** A child's fields changed (a branch move included). */
function planChildUpdate(
  child: ChildDocument,
  fields: Omit<RosterChild, 'row'>,
  codes: FamilyEditPlan['codes'],
  unindex: string | null,
): FamilyEditPlan {
  return {
    familyId: child.family_id,
    person: { kind: 'child', op: 'update', id: child.id, fields },
    codes,
    index: { entry: { kind: 'child', value: { ...knownChild(child), ...fields } }, unindex },
    audit: {
      action: AUDIT_ACTION.childUpdate,
      summary: `${fields.name} ${fields.surname} modificato`,
      before: { name: child.name, surname: child.surname, cf: child.cf, branch: child.branch },
      after: fields,
    },
  };
}

/** A parent's fields changed. */
function planParentUpdate(
  parent: ParentDocument,
  fields: RosterParent,
  codes: FamilyEditPlan['codes'],
  unindex: string | null,
): FamilyEditPlan {
  const { id: _id, family_id: _family, ...before } = parent;
  return {
    familyId: parent.family_id,
    person: { kind: 'parent', op: 'update', id: parent.id, fields },
    codes,
    index: { entry: { kind: 'parent', value: { ...knownParent(parent), ...fields } }, unindex },
    audit: {
      action: AUDIT_ACTION.parentUpdate,
      summary: `${fields.name} ${fields.surname} (genitore) modificato`,
      before,
      after: { ...fields },
    },
  };
}

/** A child removed: deleted when it has no orders, archived otherwise (kept for the books, gone from the parents' lookups). */
function planChildRemoval(child: ChildDocument, hasOrders: boolean): FamilyEditPlan {
  const who = `${child.name} ${child.surname}`;
  if (!hasOrders) {
    return {
      familyId: child.family_id,
      person: { kind: 'child', op: 'delete', id: child.id },
      codes: { remove: child.cf },
      index: { entry: null, unindex: child.cf },
      audit: {
        action: AUDIT_ACTION.childRemove,
        summary: `${who} eliminato (nessun ordine)`,
        before: { id: child.id, cf: child.cf },
        after: null,
      },
    };
  }
  return {
    familyId: child.family_id,
    person: { kind: 'child', op: 'archive', id: child.id },
    codes: null,
    index: { entry: { kind: 'child', value: { ...knownChild(child), archived: true } }, unindex: null },
    audit: {
      action: AUDIT_ACTION.childRemove,
      summary: `${who} archiviato (ha ordini: resta per i conti)`,
      before: { archived: false },
      after: { archived: true },
    },
  };
}

/** A parent removed, unless the family would be left without one. */
function planParentRemoval(parent: ParentDocument, parentIds: readonly string[]): FamilyEditPlan | FamilyEditRefusal {
  if (parentIds.every((id) => id === parent.id)) return { kind: 'lastParent' };
  const { id: _id, family_id: _family, ...before } = parent;
  return {
    familyId: parent.family_id,
    person: { kind: 'parent', op: 'delete', id: parent.id },
    codes: { remove: parent.cf },
    index: { entry: null, unindex: parent.cf },
    audit: { action: AUDIT_ACTION.parentRemove, summary: `${parent.name} ${parent.surname} (genitore) rimosso`, before, after: null },
  };
}

import type { ChildDocument } from './child-schema';
import type { ParentDocument } from './parent-schema';
import type { Branch } from '../branches';
import {
  CHILD_TITLES,
  PARENT_TITLES,
  type CheckedRoster,
  type RosterChild,
  type RosterFamily,
  type RosterParent,
  type RowError,
} from './roster';

/**
 * What an import of the roster would do (docs/admin.md, "Importa
 * anagrafica"): the file's families (src/domain/roster/roster.ts, checkRoster)
 * matched to the roster by fiscal code — children by theirs, parents by
 * theirs — into families to create, families to update (each changed field,
 * old → new), families unchanged, and the roster's children the file no
 * longer names. Pure: the server reads what the roster holds and writes the
 * plan (netlify/functions/admin-roster-import.ts), and plans each family
 * again at commit time from what it reads in the transaction.
 */

/** A child the roster holds (roster index, docs/data-model.md). */
export interface KnownChild {
  id: string;
  familyId: string;
  cf: string;
  name: string;
  surname: string;
  branch: Branch;
  /** Archived: kept for the books, hidden from the lookups. */
  archived: boolean;
}

/** A parent the roster holds. */
export interface KnownParent {
  id: string;
  familyId: string;
  cf: string;
  name: string;
  surname: string;
  email: string | null;
  phone: string | null;
}

/** What the roster holds, as the import reads it. */
export interface KnownRoster {
  children: readonly KnownChild[];
  parents: readonly KnownParent[];
  /** Family surnames by id (for the messages). */
  surnames: ReadonlyMap<string, string>;
}

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

/** One field that changes, as the preview shows it: 'Marco Rossi', 'Branca', 'Branco' → 'Reparto'. */
export interface FieldChange {
  person: string;
  field: string;
  from: string;
  to: string;
}

/** The child fields an import writes, and the parent fields. */
export type ChildUpdate = Partial<Pick<KnownChild, 'name' | 'surname' | 'branch' | 'archived'>>;
export type ParentUpdate = Partial<Pick<KnownParent, 'name' | 'surname' | 'email' | 'phone'>>;

/** What one family of the file does to the roster. */
export interface FamilyPlan {
  /** The existing family's id; null for a family to create. */
  familyId: string | null;
  surname: string;
  rows: number[];
  newChildren: RosterChild[];
  childUpdates: Array<{ id: string; cf: string; set: ChildUpdate }>;
  newParents: RosterParent[];
  parentUpdates: Array<{ id: string; cf: string; set: ParentUpdate }>;
  /** The changes in words, for the preview (new people are listed apart). */
  changes: FieldChange[];
}

/** The whole import, as the preview shows it and the commit writes it. */
export interface ImportPlan {
  create: FamilyPlan[];
  update: FamilyPlan[];
  /** Families of the file the roster already holds exactly. */
  unchanged: number;
  /** The roster's children (not archived) the file does not name: kept unless the admin ticks them to archive. */
  missing: KnownChild[];
  errors: RowError[];
  /** The ids of the roster's families that a file family would join (named in `errors` by their surnames when known). */
  joined: string[];
}

/** The Italian message of a file family that joins two families the roster holds apart. */
export const JOINS_FAMILIES = (surnames: readonly string[]) =>
  `Questa riga lega famiglie già registrate diverse (${surnames.join(', ')}): correggi i codici fiscali, o sistema le famiglie in «Famiglie».`;

// The fields an import compares (a fiscal code is what matches, never a change).
const { cf: _childCf, ...CHILD_FIELD_TITLES } = CHILD_TITLES;
const { cf: _parentCf, ...PARENT_FIELD_TITLES } = PARENT_TITLES;

/** The fields of `known` that `wanted` changes, with their Italian titles and old → new. */
function diff<K extends string, T extends Record<K, string | null>>(
  person: string,
  known: T,
  wanted: T,
  titles: Record<K, string>,
): { set: Partial<T>; changes: FieldChange[] } {
  const set: Partial<T> = {};
  const changes: FieldChange[] = [];
  for (const field of Object.keys(titles) as K[]) {
    if (known[field] === wanted[field]) continue;
    set[field] = wanted[field];
    changes.push({ person, field: titles[field], from: known[field] ?? '', to: wanted[field] ?? '' });
  }
  return { set, changes };
}

const childFields = (child: Pick<KnownChild, 'name' | 'surname' | 'branch'>) => ({
  name: child.name,
  surname: child.surname,
  branch: child.branch,
});
const parentFields = (parent: Pick<KnownParent, 'name' | 'surname' | 'email' | 'phone'>) => ({
  name: parent.name,
  surname: parent.surname,
  email: parent.email,
  phone: parent.phone,
});

/**
 * Plans one family of the file against what the roster holds
 * (`childrenByCf`, `parentsByCf`). The family it belongs to is the one its
 * known children and parents are in; none: a family to create; two or more:
 * an error on each of its rows (JOINS_FAMILIES), nothing planned.
 */
export function planFamily(
  family: RosterFamily,
  childrenByCf: ReadonlyMap<string, KnownChild>,
  parentsByCf: ReadonlyMap<string, KnownParent>,
  surnames: ReadonlyMap<string, string>,
): { plan: FamilyPlan } | { errors: RowError[]; joined: string[] } {
  const familyIds = new Set([
    ...family.children.flatMap((child) => childrenByCf.get(child.cf)?.familyId ?? []),
    ...family.parents.flatMap((parent) => parentsByCf.get(parent.cf)?.familyId ?? []),
  ]);
  if (familyIds.size > 1) {
    const message = JOINS_FAMILIES([...familyIds].map((id) => surnames.get(id) ?? id));
    return { errors: family.rows.map((row) => ({ row, column: 'Codice Fiscale Genitore 1', message })), joined: [...familyIds] };
  }
  const plan: FamilyPlan = {
    familyId: [...familyIds][0] ?? null,
    surname: family.surname,
    rows: family.rows,
    newChildren: [],
    childUpdates: [],
    newParents: [],
    parentUpdates: [],
    changes: [],
  };
  for (const child of family.children) {
    const known = childrenByCf.get(child.cf);
    if (!known) {
      plan.newChildren.push(child);
      continue;
    }
    const person = `${child.name} ${child.surname}`;
    const { set, changes } = diff(person, childFields(known), childFields(child), CHILD_FIELD_TITLES);
    const update: ChildUpdate = { ...set };
    if (known.archived) {
      update.archived = false;
      changes.push({ person, field: 'Stato', from: 'Archiviato', to: 'Nel censimento' });
    }
    if (changes.length) {
      plan.childUpdates.push({ id: known.id, cf: child.cf, set: update });
      plan.changes.push(...changes);
    }
  }
  for (const parent of family.parents) {
    const known = parentsByCf.get(parent.cf);
    if (!known) {
      plan.newParents.push(parent);
      continue;
    }
    const { set, changes } = diff(
      `${parent.name} ${parent.surname} (genitore)`,
      parentFields(known),
      parentFields(parent),
      PARENT_FIELD_TITLES,
    );
    if (changes.length) {
      plan.parentUpdates.push({ id: known.id, cf: parent.cf, set });
      plan.changes.push(...changes);
    }
  }
  return { plan };
}

/** True when a family's plan writes something. */
export function changesSomething(plan: FamilyPlan): boolean {
  return (
    plan.familyId === null || plan.newChildren.length + plan.childUpdates.length + plan.newParents.length + plan.parentUpdates.length > 0
  );
}

/**
 * Plans the whole import (see the module's comment): each family of
 * `checked` with {@link planFamily}, then the roster's children the file
 * does not name (rows with errors count as naming theirs).
 */
export function planImport(checked: CheckedRoster, roster: KnownRoster): ImportPlan {
  const childrenByCf = new Map(roster.children.map((child) => [child.cf, child]));
  const parentsByCf = new Map(roster.parents.map((parent) => [parent.cf, parent]));
  const result: ImportPlan = { create: [], update: [], unchanged: 0, missing: [], errors: [...checked.errors], joined: [] };
  for (const family of checked.families) {
    const planned = planFamily(family, childrenByCf, parentsByCf, roster.surnames);
    if ('errors' in planned) {
      result.errors.push(...planned.errors);
      result.joined.push(...planned.joined);
      continue;
    }
    if (planned.plan.familyId === null) result.create.push(planned.plan);
    else if (changesSomething(planned.plan)) result.update.push(planned.plan);
    else result.unchanged += 1;
  }
  result.missing = roster.children
    .filter((child) => !child.archived && !checked.childCodes.has(child.cf))
    .sort((a, b) => a.surname.localeCompare(b.surname, 'it') || a.name.localeCompare(b.name, 'it'));
  result.errors.sort((a, b) => a.row - b.row);
  return result;
}

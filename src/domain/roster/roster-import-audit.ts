import { z } from 'zod';
import { BRANCHES } from '../branches';
import { CHILD_TITLES, PARENT_TITLES } from './roster';
import type { ChildUpdate, FamilyPlan, KnownChild, KnownParent, ParentUpdate } from './roster-import';

/**
 * What the roster import's audit entry keeps of each family it wrote
 * (docs/admin.md, "Importa anagrafica"; docs/security.md, "Audit log"): the
 * people added, and for each person changed the fields before and after,
 * parents' e-mails included (an e-mail is where a family's access codes
 * go). Pure: the server builds the records in the families' transaction
 * (netlify/lib/roster/roster-writes.ts), 'Registro' reads them back through
 * {@link rosterImportAuditSchema} and says them with {@link familyRecordLines}.
 */

/** A person's fields as the import writes them; `archived` for a child brought back from the archive. */
const personFields = z
  .object({
    name: z.string(),
    surname: z.string(),
    branch: z.enum(BRANCHES),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    archived: z.boolean(),
  })
  .partial();

/** One person whose fields changed: document id, name as the file gives it, the changed fields before and after. */
const personChangeSchema = z.object({ id: z.string(), name: z.string(), before: personFields, after: personFields });
export type PersonChange = z.infer<typeof personChangeSchema>;

/** One family an import wrote. */
export const familyImportRecordSchema = z.object({
  family_id: z.string(),
  surname: z.string(),
  /** A family the import created. */
  created: z.boolean(),
  children_added: z.array(z.object({ id: z.string(), name: z.string(), branch: z.enum(BRANCHES) })).default([]),
  parents_added: z
    .array(z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }))
    .default([]),
  children_changed: z.array(personChangeSchema).default([]),
  parents_changed: z.array(personChangeSchema).default([]),
});
export type FamilyImportRecord = z.infer<typeof familyImportRecordSchema>;

/** A child the import archived ('Non più nel file', ticked by the admin). */
export const archivedChildSchema = z.object({ id: z.string(), name: z.string() });
export type ArchivedChild = z.infer<typeof archivedChildSchema>;

/**
 * The `after` of a 'roster.import' entry as 'Registro' reads it: the
 * import's id (the first entry's), which part of it this entry is, the
 * families and the archived children it holds. Older entries (counts only)
 * read with none.
 */
export const rosterImportAuditSchema = z.object({
  import_id: z.string().optional(),
  part: z.number().int().positive().optional(),
  parts: z.number().int().positive().optional(),
  families: z.array(familyImportRecordSchema).default([]),
  archived: z.array(archivedChildSchema).default([]),
});
export type RosterImportAudit = z.infer<typeof rosterImportAuditSchema>;

/** One person's change: the fields `set` writes, as `known` held them before (null when it had none) and after. */
function personChange(id: string, known: Record<string, unknown> | undefined, set: Record<string, unknown>): PersonChange {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(set)) {
    if (value === undefined) continue;
    before[field] = known?.[field] ?? null;
    after[field] = value;
  }
  const part = (field: 'name' | 'surname') => {
    const value = after[field] ?? known?.[field];
    return typeof value === 'string' ? value : '';
  };
  return { id, name: `${part('name')} ${part('surname')}`.trim(), before, after };
}

/**
 * The record of one family the import writes: `plan` (planFamily) with the
 * ids the server gave the new family and people (`familyId`, `newChildIds`
 * and `newParentIds` in the plan's order), and the people as the roster held
 * them before (`childrenByCf`, `parentsByCf`) for the fields' old values.
 */
export function familyImportRecord(
  plan: FamilyPlan,
  ids: { familyId: string; newChildIds: readonly string[]; newParentIds: readonly string[] },
  childrenByCf: ReadonlyMap<string, KnownChild>,
  parentsByCf: ReadonlyMap<string, KnownParent>,
): FamilyImportRecord {
  const changes = (
    updates: ReadonlyArray<{ id: string; cf: string; set: ChildUpdate | ParentUpdate }>,
    known: ReadonlyMap<string, KnownChild | KnownParent>,
  ) => updates.map((update) => personChange(update.id, known.get(update.cf) as Record<string, unknown> | undefined, update.set));
  return {
    family_id: ids.familyId,
    surname: plan.surname,
    created: plan.familyId === null,
    children_added: plan.newChildren.map((child, index) => ({
      id: ids.newChildIds[index] ?? '',
      name: `${child.name} ${child.surname}`,
      branch: child.branch,
    })),
    parents_added: plan.newParents.map((parent, index) => ({
      id: ids.newParentIds[index] ?? '',
      name: `${parent.name} ${parent.surname}`,
      email: parent.email,
      phone: parent.phone,
    })),
    children_changed: changes(plan.childUpdates, childrenByCf),
    parents_changed: changes(plan.parentUpdates, parentsByCf),
  };
}

const FIELD_TITLES: Record<string, string> = { ...CHILD_TITLES, ...PARENT_TITLES, archived: 'Stato' };
/** The order fields are said in (Firestore hands a map's keys back sorted by name). */
const FIELD_ORDER = ['surname', 'name', 'branch', 'email', 'phone', 'archived'];

/** A field's value as 'Registro' prints it: '—' for none, 'Archiviato' / 'Nel censimento' for the state. */
function valueText(field: string, value: unknown): string {
  if (field === 'archived') return value ? 'Archiviato' : 'Nel censimento';
  return typeof value === 'string' && value !== '' ? value : '—';
}

/** 'Luca Rossi: Branca Branco → Reparto; Stato Archiviato → Nel censimento'. */
function changeLine(change: PersonChange, role: string): string {
  const fields = FIELD_ORDER.filter((field) => field in change.after).map(
    (field) =>
      `${FIELD_TITLES[field] ?? field} ${valueText(field, (change.before as Record<string, unknown>)[field])} → ${valueText(field, (change.after as Record<string, unknown>)[field])}`,
  );
  return `${change.name}${role}: ${fields.join('; ')}`;
}

/**
 * One family's record as 'Registro' says it, in Italian: a heading
 * ('Gialli (nuova famiglia)', 'Bianchi') and a line per person added or
 * changed: 'Aggiunto Marco Gialli (Reparto)', 'Aggiunto genitore Laura
 * Gialli, e-mail laura@example.com, telefono —', 'Anna Bianchi (genitore):
 * Email anna@old.example.com → anna@new.example.com'.
 */
export function familyRecordLines(record: FamilyImportRecord): { heading: string; lines: string[] } {
  const or = (value: string | null) => value || '—';
  return {
    heading: `${record.surname}${record.created ? ' (nuova famiglia)' : ''}`,
    lines: [
      ...record.children_added.map((child) => `Aggiunto ${child.name} (${child.branch})`),
      ...record.parents_added.map((parent) => `Aggiunto genitore ${parent.name}, e-mail ${or(parent.email)}, telefono ${or(parent.phone)}`),
      ...record.children_changed.map((change) => changeLine(change, '')),
      ...record.parents_changed.map((change) => changeLine(change, ' (genitore)')),
    ],
  };
}

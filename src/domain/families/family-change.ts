import { z } from 'zod';
import { CHILD_FIELDS, PARENT_FIELDS, type ChildField, type ParentField } from '../roster/roster';

/**
 * One change of the family editor ('Famiglie', docs/admin.md), as the
 * browser sends it to admin-family and the function parses it: add, edit
 * (a branch move included) or remove one child or parent. A person's fields
 * are strings as typed ('' for none); the function checks them as an
 * import checks a row (checkChild, checkParent).
 */

const text = z.string().max(200).default('');
const childFields = z.object(Object.fromEntries(CHILD_FIELDS.map((field) => [field, text])) as Record<ChildField, typeof text>);
const parentFields = z.object(Object.fromEntries(PARENT_FIELDS.map((field) => [field, text])) as Record<ParentField, typeof text>);
const id = z.string().min(1).max(128);

export const familyChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('addChild'), familyId: id, child: childFields }),
  z.object({ kind: z.literal('updateChild'), childId: id, child: childFields }),
  z.object({ kind: z.literal('removeChild'), childId: id }),
  z.object({ kind: z.literal('addParent'), familyId: id, parent: parentFields }),
  z.object({ kind: z.literal('updateParent'), parentId: id, parent: parentFields }),
  z.object({ kind: z.literal('removeParent'), parentId: id }),
]);

/** A change as the editor sends it. */
export type FamilyChange = z.input<typeof familyChangeSchema>;
/** A change as admin-family reads it (every field present). */
export type ParsedFamilyChange = z.output<typeof familyChangeSchema>;

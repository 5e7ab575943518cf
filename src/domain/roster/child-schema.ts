import { z } from 'zod';
import { BRANCHES } from '../branches';
import { timestamp } from '../collections';
import { medicalFormRecord } from '../medical-forms/medical-form-record-schema';

/**
 * `sons/{id}`: a child. `medical_doc` is the newest medical form's private
 * URL, '' when none; `medical_forms` every form received, oldest first (a
 * second upload never replaces the first file: docs/data-model.md, "Medical
 * forms"). `archived_at` is set when an admin removed a child who has
 * orders: kept for the books, gone from the parents' lookups. Documents
 * written before these fields read as an empty history, not archived.
 */
export const childDocument = z.object({
  id: z.string(),
  family_id: z.string(),
  name: z.string(),
  surname: z.string(),
  cf: z.string(),
  branch: z.enum(BRANCHES),
  medical_doc: z.string().default(''),
  medical_forms: z.array(medicalFormRecord).default([]),
  archived_at: timestamp.nullable().default(null),
  updated_at: timestamp,
});
export type ChildDocument = z.infer<typeof childDocument>;

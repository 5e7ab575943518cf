import { z } from 'zod';
import { seasonField, timestamp } from '../collections';

/**
 * `families/{id}`: surname and the ids of its orders; for the admin's
 * 'Famiglie' search, `surname_key` (the surname without spaces, lower case)
 * and `fiscal_codes` (every parent's and child's), written with the family's
 * people (docs/data-model.md, "The roster").
 */
export const familyDocument = z.object({
  id: z.string(),
  surname: z.string(),
  orders_id: z.array(z.string()).default([]),
  surname_key: z.string().optional(),
  fiscal_codes: z.array(z.string()).default([]),
  updated_at: timestamp,
  /** When a parent last confirmed the family's contacts ('Confermo' on 'La mia famiglia'), and for which camp year; null before any. */
  contacts_confirmed_at: timestamp.nullable().default(null),
  contacts_confirmed_season: seasonField.nullable().default(null),
});
export type FamilyDocument = z.infer<typeof familyDocument>;

import { z } from 'zod';

/**
 * `parents/{id}`: a parent's fiscal code and family, name and surname, and
 * the contacts the portal writes to: `email` (checked, lower case) and
 * `phone`, null when not given. Documents written before the contacts read
 * with empty names and no contacts.
 */
export const parentDocument = z.object({
  id: z.string(),
  cf: z.string(),
  family_id: z.string(),
  name: z.string().default(''),
  surname: z.string().default(''),
  email: z.string().nullable().default(null),
  phone: z.string().nullable().default(null),
});
export type ParentDocument = z.infer<typeof parentDocument>;

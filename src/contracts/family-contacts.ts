import { z } from 'zod/mini';
import { BRANCHES } from '@domain/branches';
import { defineContract } from './contract';
import { PARENT_MESSAGES } from './parent-messages';

/**
 * The family's contacts as the group has them (docs/api.md, "family-contacts"):
 * the camp year asked about, when a parent last confirmed them (ISO, null
 * before any) and whether that was this season; each parent's name, e-mail
 * and phone (null when none; `self`: the parent of the session, the only one
 * who may change them); each child's name, fiscal code and branch (read-only).
 */
export const familyContactsSchema = z.object({
  season: z.number(),
  confirmedAt: z.nullable(z.iso.datetime()),
  confirmedThisSeason: z.boolean(),
  parents: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      surname: z.string(),
      email: z.nullable(z.string()),
      phone: z.nullable(z.string()),
      self: z.boolean(),
    }),
  ),
  children: z.array(z.object({ id: z.string(), name: z.string(), surname: z.string(), cf: z.string(), branch: z.enum(BRANCHES) })),
});
export type FamilyContacts = z.infer<typeof familyContactsSchema>;

/** family-contacts, with the family's session: the contacts of the session's family ({@link familyContactsSchema}). */
export const familyContactsContract = defineContract({
  name: 'family-contacts',
  method: 'POST',
  request: z.object({}),
  answer: familyContactsSchema,
  messages: { sessionExpired: PARENT_MESSAGES.sessionExpired },
});

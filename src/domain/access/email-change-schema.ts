import { z } from 'zod';
import { timestamp } from '../collections';

/**
 * `email_changes/{parent id}`: a parent's e-mail change (netlify/lib/access/email-change.ts;
 * docs/security.md, "Changing a parent's e-mail"): the new address, the
 * codes' HMACs (never the codes: `code_hash` of the code sent to the new
 * address, `old_code_hash` of the one sent to the current address
 * `old_email`, null when the parent has none), the wrong tries spent, and
 * its state: `codes` while it waits for the codes, `group` once the new
 * address is proven and the group is asked to confirm it (the old address
 * being gone). Server only; deleted once the change lands or is refused.
 */
export const emailChangeDocument = z.object({
  parent_id: z.string(),
  family_id: z.string(),
  new_email: z.string(),
  code_hash: z.string(),
  old_email: z.string().nullable().default(null),
  old_code_hash: z.string().nullable().default(null),
  state: z.enum(['codes', 'group']).default('codes'),
  tries: z.number().int().nonnegative(),
  created_at: timestamp,
  expires_at: timestamp,
});
export type EmailChangeDocument = z.infer<typeof emailChangeDocument>;

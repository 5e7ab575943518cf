import { z } from 'zod';
import { timestamp } from '../collections';

/**
 * `email_changes/{parent id}`: a parent's e-mail change awaiting its code
 * (netlify/lib/access/email-change.ts; docs/security.md, "Changing a parent's
 * e-mail"): the new address, the code's HMAC (never the code), its expiry and the
 * wrong tries spent. Server only; deleted once the change is confirmed.
 */
export const emailChangeDocument = z.object({
  parent_id: z.string(),
  family_id: z.string(),
  new_email: z.string(),
  code_hash: z.string(),
  tries: z.number().int().nonnegative(),
  created_at: timestamp,
  expires_at: timestamp,
});
export type EmailChangeDocument = z.infer<typeof emailChangeDocument>;

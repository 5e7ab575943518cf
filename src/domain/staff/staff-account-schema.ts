import { z } from 'zod';
import { timestamp } from '../collections';
import { staffSchema } from './staff-role-schema';

/**
 * `staff_accounts/{uid}`: what the server knows of a volunteer's Firebase
 * account besides Firebase itself (netlify/lib/staff/staff-accounts.ts;
 * docs/security.md, "Roles"): the role its last change gave (`staff`,
 * null for none), written in the change's transaction, so two changes at
 * once record one; `valid_since`, the second (Unix time) from which its
 * sign-ins count, Firebase's own after the last role change revoked its
 * sessions (0: never), which firestore.rules compare with a token's
 * `auth_time`; the invitations sent (`invited_at` the first,
 * `invitation_sent_at` the last, `invited_by` the admin's e-mail).
 * Server only.
 */
export const staffAccountDocument = z.object({
  uid: z.string(),
  email: z.string(),
  staff: staffSchema.nullable(),
  valid_since: z.number().int().nonnegative(),
  invited_at: timestamp.nullable(),
  invited_by: z.string().nullable(),
  invitation_sent_at: timestamp.nullable(),
  invitations: z.number().int().nonnegative(),
  updated_at: timestamp,
});
export type StaffAccountDocument = z.infer<typeof staffAccountDocument>;

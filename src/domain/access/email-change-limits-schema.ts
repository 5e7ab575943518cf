import { z } from 'zod';
import { timestamp } from '../collections';

/**
 * `email_change_limits/{parent id}`: the e-mail change's codes a parent was
 * sent on the Italian `day` (netlify/lib/access/email-change-allowance.ts;
 * docs/security.md, "The mail budget"). `expires_at` (the day after `day`)
 * lets a TTL policy delete it. Server only.
 */
export const emailChangeLimitsDocument = z.object({
  parent_id: z.string(),
  day: z.string(),
  codes: z.number().int().nonnegative(),
  expires_at: timestamp,
});
export type EmailChangeLimitsDocument = z.infer<typeof emailChangeLimitsDocument>;

import { z } from 'zod';
import { timestamp } from '../collections';

/**
 * `access_limits/{parent id}`: what a parent's access spent
 * (docs/security.md, "Parents' sessions"): the Italian `day` the counts are
 * of, that day's wrong codes, whether that day's lock e-mail was written,
 * and when the access e-mails of the last hour went out (`sent`, oldest
 * first). `expires_at` (the day after `day`) lets a TTL policy delete it.
 * Server only.
 */
export const accessLimitsDocument = z.object({
  parent_id: z.string(),
  day: z.string(),
  wrong_tries: z.number().int().nonnegative(),
  lock_notified: z.boolean(),
  sent: z.array(timestamp),
  expires_at: timestamp,
});
export type AccessLimitsDocument = z.infer<typeof accessLimitsDocument>;

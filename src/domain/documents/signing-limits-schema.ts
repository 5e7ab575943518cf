import { z } from 'zod';
import { timestamp } from '../collections';

/**
 * `signing_limits/{parent id}`: what a parent's signing codes spent
 * (docs/security.md, "The signing code"): the Italian `day` the wrong codes
 * are of, that day's wrong codes, and when the codes of the last hour were
 * asked for (`sent`, oldest first). Written in the transactions of 'Firma'
 * and 'Conferma'; `expires_at` (the day after `day`, plus an hour) lets a
 * TTL policy delete it. Server only.
 */
export const signingLimitsDocument = z.object({
  parent_id: z.string(),
  day: z.string(),
  wrong_tries: z.number().int().nonnegative(),
  sent: z.array(timestamp),
  expires_at: timestamp,
});
export type SigningLimitsDocument = z.infer<typeof signingLimitsDocument>;

import { z } from 'zod';
import { timestamp } from '../collections';

/**
 * `access_codes/{parent id}`: the one live access of a parent
 * (netlify/lib/access/access-codes.ts): a random `nonce` from which the code and
 * the sign-in link are derived with SESSION_SECRET (never the code or the
 * link themselves); when it was first issued, last e-mailed and expires;
 * the code's wrong tries so far. Server only. A document of before the
 * nonce (a `code_hash`) reads with an empty nonce: no live code.
 */
export const accessCodeDocument = z.object({
  parent_id: z.string(),
  family_id: z.string(),
  nonce: z.string().default(''),
  sent_at: timestamp,
  expires_at: timestamp,
  tries: z.number().int().nonnegative(),
});
export type AccessCodeDocument = z.infer<typeof accessCodeDocument>;

import { z } from 'zod';
import { timestamp } from './collections';

/**
 * What a parent's session is checked against (docs/security.md, "Parents'
 * sessions"; netlify/lib/platform/session-validity.ts).
 *
 * `parents/{id}` as the session reads it: the family the parent belongs to
 * now, and `sessions_valid_since` (Unix milliseconds; absent: 0), before
 * which no token of this parent counts ('Esci da tutti i dispositivi', an
 * e-mail change). The rest of the document is the roster's
 * (src/domain/roster/parent-schema.ts).
 */
export const sessionParentFields = z.object({
  family_id: z.string(),
  sessions_valid_since: z.number().default(0),
});
export type SessionParentFields = z.infer<typeof sessionParentFields>;

/**
 * `ended_sessions/{token id}`: one session token ended by 'Esci' on its
 * device, kept until the token would have expired anyway (`expires_at`, a
 * TTL policy deletes it; docs/deploy.md).
 */
export const endedSessionDocument = z.object({
  parent_id: z.string(),
  expires_at: timestamp,
});

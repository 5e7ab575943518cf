import { z } from 'zod';
import { timestamp } from '../collections';

/**
 * `access_links/{SHA-256 of the token}`: a one-time sign-in link e-mailed
 * with a code (netlify/lib/access/access-codes.ts): whose it is, the page to go
 * back to, and when it expires. Spent (deleted) by the sign-in it opens.
 * Server only.
 */
export const accessLinkDocument = z.object({
  parent_id: z.string(),
  family_id: z.string(),
  return_path: z.string(),
  expires_at: timestamp,
});
export type AccessLinkDocument = z.infer<typeof accessLinkDocument>;

import { z } from 'zod';
import { timestamp } from '../collections';

/**
 * `upload_signatures/{childId}_{yyyy-mm-dd}`: how many medical-form upload
 * signatures get-signature gave for a child on a day in Italy
 * (MAX_UPLOAD_SIGNATURES_PER_DAY, docs/api.md, "get-signature and
 * record-medical-form"); `expires_at`, two days later, for the TTL policy
 * that deletes it. Server only.
 */
export const uploadSignaturesDocument = z.object({
  child_id: z.string(),
  day: z.string(),
  count: z.number().int().nonnegative(),
  expires_at: timestamp,
});
export type UploadSignaturesDocument = z.infer<typeof uploadSignaturesDocument>;

import { z } from 'zod';
import { timestamp } from '../collections';

/**
 * One medical form received for a child (docs/data-model.md, "Medical
 * forms"): its Cloudinary public id (folder included, unique per upload),
 * version, size in bytes, the season, when it was recorded and the
 * parent's consent to the privacy notice.
 */
export const medicalFormRecord = z.object({
  public_id: z.string(),
  version: z.number().int().positive(),
  bytes: z.number().int().nonnegative(),
  season: z.number().int().positive(),
  received_at: timestamp,
  /** The parent's 'Ho letto l'informativa' with this upload: when, and the notice's version (PRIVACY.noticeVersion); null for forms before it was asked. */
  consent: z.object({ at: timestamp, notice_version: z.string() }).nullable().default(null),
});
export type MedicalFormRecord = z.infer<typeof medicalFormRecord>;

import { z } from 'zod/mini';
import { italianMidnight } from '../italian-time';

/**
 * How long the portal keeps a season's medical forms (docs/privacy.md,
 * "Retention"): until `medicalFormRetentionDays` after the day the season
 * ends (`seasonEnds`, mm-dd of the season's year), both from group.config.json.
 */
export interface RetentionPolicy {
  /** mm-dd. */
  seasonEnds: string;
  medicalFormRetentionDays: number;
}

/** The day (yyyy-mm-dd) the medical forms of `season` are deleted: its end plus the retention days. */
export function medicalFormDeletionDay(season: number, policy: RetentionPolicy): string {
  const end = new Date(`${season}-${policy.seasonEnds}T12:00:00Z`);
  end.setUTCDate(end.getUTCDate() + policy.medicalFormRetentionDays);
  return end.toISOString().slice(0, 10);
}

/** Whether the medical forms of `season` are due for deletion at `now`: from midnight in Italy of its deletion day. */
export function isMedicalFormDeletionDue(season: number, policy: RetentionPolicy, now: Date): boolean {
  return now >= italianMidnight(medicalFormDeletionDay(season, policy));
}

/** Whether `season` is over at `now` (from midnight in Italy after its `seasonEnds` day): its forms may then be deleted early. */
export function hasSeasonEnded(season: number, policy: RetentionPolicy, now: Date): boolean {
  return isMedicalFormDeletionDue(season, { ...policy, medicalFormRetentionDays: 1 }, now);
}

/**
 * The children and folders a retention run could not handle, as its audit
 * entry records them (`after.failures` of 'medical_form.retention';
 * docs/privacy.md, "Retention"): the document's path or folder, the
 * child's name and the error ('' when an older entry has none).
 */
export const retentionFailuresSchema = z.array(
  z.object({ target: z.string(), name: z._default(z.string(), ''), error: z._default(z.string(), '') }),
);
export type RetentionFailures = z.output<typeof retentionFailuresSchema>;

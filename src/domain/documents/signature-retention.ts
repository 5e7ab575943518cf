import { italianMidnight, italianYear } from '../italian-time';

/**
 * How long the portal keeps the signatures of the group's documents
 * (`document_signatures`; docs/privacy.md, "Signatures"): until
 * `signatureRetentionYears` after the day their season ends (`seasonEnds`,
 * mm-dd of the season's year), both from group.config.json. The PDF copy is
 * rebuilt from the record, so deleting the record deletes the copy too.
 */
export interface SignatureRetentionPolicy {
  /** mm-dd. */
  seasonEnds: string;
  signatureRetentionYears: number;
}

/** The day (yyyy-mm-dd) the signatures of `season` are deleted: the day after its end, `signatureRetentionYears` later. */
export function signatureDeletionDay(season: number, policy: SignatureRetentionPolicy): string {
  const end = new Date(`${season + policy.signatureRetentionYears}-${policy.seasonEnds}T12:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return end.toISOString().slice(0, 10);
}

/** Whether the signatures of `season` are due for deletion at `now`: from midnight in Italy of their deletion day. */
export function isSignatureDeletionDue(season: number, policy: SignatureRetentionPolicy, now: Date): boolean {
  return now >= italianMidnight(signatureDeletionDay(season, policy));
}

/**
 * The latest season whose signatures are due for deletion at `now` (every
 * earlier one is too): the season `signatureRetentionYears` before this
 * year's in Italy, or the one before it while that one's day has not come.
 * A span of time measured on the clock, never the season itself (SEASON).
 */
export function lastExpiredSignatureSeason(policy: SignatureRetentionPolicy, now: Date): number {
  const candidate = italianYear(now) - policy.signatureRetentionYears;
  return isSignatureDeletionDue(candidate, policy, now) ? candidate : candidate - 1;
}

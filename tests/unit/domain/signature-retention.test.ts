import { describe, expect, it } from 'vitest';
import { isSignatureDeletionDue, lastExpiredSignatureSeason, signatureDeletionDay } from '@domain/documents/signature-retention';

const POLICY = { seasonEnds: '09-30', signatureRetentionYears: 10 };

describe('signature retention', () => {
  it('deletes a season the day after its end, ten years later', () => {
    expect(signatureDeletionDay(2025, POLICY)).toBe('2035-10-01');
    expect(signatureDeletionDay(2024, { seasonEnds: '12-31', signatureRetentionYears: 5 })).toBe('2030-01-01');
  });

  it('is due from midnight in Italy of that day, not a minute before', () => {
    expect(isSignatureDeletionDue(2025, POLICY, new Date('2035-09-30T21:59:59Z'))).toBe(false);
    expect(isSignatureDeletionDue(2025, POLICY, new Date('2035-09-30T22:00:00Z'))).toBe(true);
  });

  it('names the latest season due, across the turn of the year in Italy', () => {
    expect(lastExpiredSignatureSeason(POLICY, new Date('2035-09-30T21:59:59Z'))).toBe(2024);
    expect(lastExpiredSignatureSeason(POLICY, new Date('2035-09-30T22:00:00Z'))).toBe(2025);
    expect(lastExpiredSignatureSeason(POLICY, new Date('2035-12-31T23:30:00Z'))).toBe(2025);
    expect(lastExpiredSignatureSeason({ seasonEnds: '12-31', signatureRetentionYears: 10 }, new Date('2035-12-31T23:30:00Z'))).toBe(2025);
    expect(lastExpiredSignatureSeason({ seasonEnds: '12-31', signatureRetentionYears: 10 }, new Date('2035-12-31T22:59:00Z'))).toBe(2024);
  });
});

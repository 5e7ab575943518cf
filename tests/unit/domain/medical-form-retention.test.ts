import { describe, expect, it } from 'vitest';
import { hasSeasonEnded, isMedicalFormDeletionDue, medicalFormDeletionDay } from '@domain/medical-forms/medical-form-retention';

const POLICY = { seasonEnds: '09-30', medicalFormRetentionDays: 60 };

describe('medical form retention', () => {
  it('deletes a season 60 days after it ends, crossing the month', () => {
    expect(medicalFormDeletionDay(2025, POLICY)).toBe('2025-11-29');
    expect(medicalFormDeletionDay(2024, { seasonEnds: '12-31', medicalFormRetentionDays: 60 })).toBe('2025-03-01');
    expect(medicalFormDeletionDay(2025, { seasonEnds: '09-30', medicalFormRetentionDays: 0 })).toBe('2025-09-30');
  });

  it('is due from midnight in Italy of that day, not a minute before', () => {
    expect(isMedicalFormDeletionDue(2025, POLICY, new Date('2025-11-28T22:59:59Z'))).toBe(false);
    expect(isMedicalFormDeletionDue(2025, POLICY, new Date('2025-11-28T23:00:00Z'))).toBe(true);
    expect(isMedicalFormDeletionDue(2026, POLICY, new Date('2025-11-28T23:00:00Z'))).toBe(false);
  });
});

describe('hasSeasonEnded', () => {
  it('is true from the day after the season ends', () => {
    expect(hasSeasonEnded(2025, POLICY, new Date('2025-09-30T21:59:59Z'))).toBe(false);
    expect(hasSeasonEnded(2025, POLICY, new Date('2025-09-30T22:00:00Z'))).toBe(true);
  });
});

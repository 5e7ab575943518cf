import { describe, expect, it } from 'vitest';
import { applicationNumberText, childBirth, entryBranch, interestStep, waitingOrder, waitingPosition } from '@domain/admissions/admission';

/** The waiting list's rules (src/domain/admissions/admission.ts; docs/product.md, "Waiting list"). */
describe('childBirth', () => {
  it('reads the day and sex from the code, a woman by her day plus 40, omocodia letters as digits', () => {
    expect(childBirth('GLLTMS19D12H501X', '2026-12-07')).toEqual({ birthDate: '2019-04-12', sex: 'M' });
    expect(childBirth('GLLSRA19S70H501X', '2026-12-07')).toEqual({ birthDate: '2019-11-30', sex: 'F' });
    // 'S' and 'N' stand for 6 and 2 in a code re-issued for a clash: day 62, a girl born on the 22nd.
    expect(childBirth('GLLSRA19SSNH501X', '2026-12-07')).toEqual({ birthDate: '2019-11-22', sex: 'F' });
  });

  it('takes the century that puts the birth on or before today', () => {
    expect(childBirth('GLLTMS26T01H501X', '2026-12-07')?.birthDate).toBe('2026-12-01');
    expect(childBirth('GLLTMS26T31H501X', '2026-12-07')?.birthDate).toBe('1926-12-31');
  });
});

describe('interestStep', () => {
  const day = (iso: string) => new Date(`${iso}T10:00:00Z`);
  it('asks a year after the application or its last answer, and lets it lapse 30 days after an unanswered question', () => {
    const applied = { appliedAt: day('2025-12-01'), askedAt: null, confirmedAt: null };
    expect(interestStep(applied, day('2026-11-30'))).toBeNull();
    expect(interestStep(applied, day('2026-12-01'))).toBe('ask');
    const asked = { ...applied, askedAt: day('2026-12-01') };
    expect(interestStep(asked, day('2026-12-30'))).toBeNull();
    expect(interestStep(asked, day('2026-12-31'))).toBe('lapse');
    const answered = { ...asked, confirmedAt: day('2026-12-05') };
    expect(interestStep(answered, day('2027-06-01'))).toBeNull();
    expect(interestStep(answered, day('2027-12-05'))).toBe('ask');
  });
});

describe('entryBranch', () => {
  it('places a child by the age on 1 October of the year admitted: Branco to 11, Reparto 12 to 15, Clan from 16', () => {
    expect(entryBranch('2019-04-12', '2026-12-07')).toBe('Branco');
    // Twelve on 1 October 2026: Reparto; twelve only on 2 October: still Branco.
    expect(entryBranch('2014-10-01', '2026-12-07')).toBe('Reparto');
    expect(entryBranch('2014-10-02', '2026-12-07')).toBe('Branco');
    expect(entryBranch('2010-09-30', '2026-03-01')).toBe('Clan');
  });
});

describe('waitingOrder', () => {
  const apps = [
    { id: 'c', cohort: 2019, number: 3, siblings: 'Marco, Reparto' },
    { id: 'a', cohort: 2019, number: 1, siblings: '' },
    { id: 'b', cohort: 2019, number: 2, siblings: '' },
  ];
  it('orders by the moment each joined the list; brothers and sisters first only when the group says so', () => {
    expect(waitingOrder(apps, { siblingsFirst: false }).map((app) => app.id)).toEqual(['a', 'b', 'c']);
    expect(waitingOrder(apps, { siblingsFirst: true }).map((app) => app.id)).toEqual(['c', 'a', 'b']);
    expect(waitingPosition(apps, 'b', { siblingsFirst: true })).toBe(3);
    expect(waitingPosition(apps, 'z', { siblingsFirst: false })).toBeNull();
  });

  it("numbers an application as the group writes it: 'LA-0007'", () => {
    expect(applicationNumberText(7)).toBe('LA-0007');
    expect(applicationNumberText(12345)).toBe('LA-12345');
  });
});

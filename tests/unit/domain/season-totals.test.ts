import { describe, expect, it } from 'vitest';
import {
  contributionChanges,
  contributionTotalsOf,
  countMatching,
  summaryEntriesOf,
  totalsChanges,
  totalsDifferences,
  totalsOf,
  type CountedPayment,
} from '@domain/season/season-totals';

const payment = (overrides: Partial<CountedPayment> = {}): CountedPayment => ({
  season: 2025,
  plan: 'Felpa Reparto',
  method: 'Bonifico',
  status: 'Da Verificare',
  total_amount: 25,
  ...overrides,
});

describe('totalsChanges', () => {
  it('counts a new payment into its cell, a status change out of one cell and into another', () => {
    expect(totalsChanges(null, payment())).toEqual([{ season: 2025, key: 'Bonifico|Felpa Reparto|Da Verificare', count: 1, total: 25 }]);
    expect(totalsChanges(payment(), payment({ status: 'Confermato' }))).toEqual([
      { season: 2025, key: 'Bonifico|Felpa Reparto|Da Verificare', count: -1, total: -25 },
      { season: 2025, key: 'Bonifico|Felpa Reparto|Confermato', count: 1, total: 25 },
    ]);
  });

  it('changes nothing when the cell and the amount stay', () => {
    expect(totalsChanges(payment(), payment())).toEqual([]);
  });
});

describe('contributionChanges and contributionTotalsOf', () => {
  it("count a payment's contribution apart from its product's euros, and a payment without one not at all", () => {
    const gift = payment({ method: 'Online', status: 'Confermato', solidarity_contribution: 12.5 });
    expect(totalsChanges(null, gift)).toEqual([{ season: 2025, key: 'Online|Felpa Reparto|Confermato', count: 1, total: 25 }]);
    expect(contributionChanges(null, gift)).toEqual([{ season: 2025, key: 'Online|Felpa Reparto|Confermato', count: 1, total: 12.5 }]);
    expect(contributionChanges(gift, { ...gift, status: 'Rimborsato' })).toEqual([
      { season: 2025, key: 'Online|Felpa Reparto|Confermato', count: -1, total: -12.5 },
      { season: 2025, key: 'Online|Felpa Reparto|Rimborsato', count: 1, total: 12.5 },
    ]);
    expect(contributionChanges(null, payment())).toEqual([]);
    expect(contributionChanges(payment(), payment({ status: 'Confermato' }))).toEqual([]);
    expect(contributionTotalsOf([gift, payment(), { ...gift, solidarity_contribution: 0.1 }])).toEqual({
      'Online|Felpa Reparto|Confermato': { count: 2, total: 12.6 },
    });
  });
});

describe('totals of payments, and their summary', () => {
  const rows = totalsOf([
    payment(),
    payment({ total_amount: 0.1 }),
    payment({ total_amount: 0.2 }),
    payment({ method: 'Online', status: 'Confermato' }),
  ]);

  it('adds euros to the cent', () => {
    expect(rows['Bonifico|Felpa Reparto|Da Verificare']).toEqual({ count: 3, total: 25.3 });
  });

  it('gives the summary one method or both', () => {
    expect(summaryEntriesOf(rows, 'Online')).toEqual([{ plan: 'Felpa Reparto', status: 'Confermato', count: 1, total: 25 }]);
    expect(summaryEntriesOf(rows, null)).toHaveLength(2);
    expect(summaryEntriesOf(rows, 'Online', { 'Online|Felpa Reparto|Confermato': { count: 1, total: 12.5 } })).toEqual([
      { plan: 'Felpa Reparto', status: 'Confermato', count: 1, total: 25 },
      { plan: 'Felpa Reparto', status: 'Confermato', count: 1, total: 12.5, contribution: true },
    ]);
  });

  it('lists the cells that differ, and none for the same totals', () => {
    expect(totalsDifferences(rows, rows)).toEqual([]);
    expect(totalsDifferences({ ...rows, 'Online|Felpa Reparto|Confermato': { count: 2, total: 50 } }, rows)).toEqual([
      'Online|Felpa Reparto|Confermato: 2 / 50 € kept, 1 / 25 € counted',
    ]);
  });
});

describe('countMatching', () => {
  const rows = totalsOf([
    payment(),
    payment({ status: 'Confermato' }),
    payment({ method: 'Online', status: 'Confermato', plan: 'Maglietta Gruppo' }),
  ]);

  it("counts the orders desk's filters from the totals: none, a status, a method and a product", () => {
    expect(countMatching(rows, [{ field: 'season', value: 2025 }])).toBe(3);
    expect(
      countMatching(rows, [
        { field: 'season', value: 2025 },
        { field: 'status', value: 'Confermato' },
      ]),
    ).toBe(2);
    expect(
      countMatching(rows, [
        { field: 'season', value: 2025 },
        { field: 'method', value: 'Bonifico' },
        { field: 'plan', value: 'Felpa Reparto' },
      ]),
    ).toBe(2);
  });
});

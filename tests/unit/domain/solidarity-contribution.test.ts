import { describe, expect, it } from 'vitest';
import { refundableEuros } from '@domain/payments/payment-status';
import { decodeContributionMetadata, encodeContributionMetadata, isSolidarityContribution } from '@domain/payments/solidarity-contribution';

describe("'Contributo al fondo di solidarietà'", () => {
  it('allows 0 to 500 euros with two decimals at most', () => {
    expect([0, 0.01, 12.5, 500].map(isSolidarityContribution)).toEqual([true, true, true, true]);
    expect([-0.01, 500.01, 12.345, Number.NaN, Infinity].map(isSolidarityContribution)).toEqual([false, false, false, false, false]);
  });

  it('reads back what the metadata keeps; absent is 0, anything else is malformed', () => {
    expect(decodeContributionMetadata(encodeContributionMetadata(12.5))).toBe(12.5);
    expect(decodeContributionMetadata(encodeContributionMetadata(0))).toBe(0);
    expect(decodeContributionMetadata(undefined)).toBe(0);
    expect(['', '12,50', '12.5', '-1.00', '600.00', 'abc'].map(decodeContributionMetadata)).toEqual([null, null, null, null, null, null]);
  });

  it("counts in a card payment's refundable euros when Stripe's own charge is not known", () => {
    const payment = {
      method: 'Online' as const,
      status: 'Confermato' as const,
      totalEuros: 250,
      serviceFeeEuros: 5.34,
      solidarityContributionEuros: 20,
      refundedEuros: 0,
      requestedEuros: 0,
    };
    expect(refundableEuros(payment)).toBe(275.34);
    expect(refundableEuros({ ...payment, solidarityContributionEuros: undefined })).toBe(255.34);
  });
});

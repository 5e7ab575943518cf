import { describe, expect, it } from 'vitest';
import { onlineTotal, serviceFeeEuros } from '@domain/payments/service-fee';
import { centsToEuros, eurosToCents, formatEuros, roundEuros } from '@domain/money';

describe('service fee (docs/product.md, "Rules", "Service fee")', () => {
  it.each([
    // amount, ((amount + 0.305) / 0.9817 − amount) rounded to 2 decimals
    [250, 4.97],
    [100, 2.17],
    [15, 0.59],
    [30, 0.87],
    [1000, 18.95],
  ])('charges %d € a fee of %d €', (amount, fee) => {
    expect(serviceFeeEuros(amount)).toBe(fee);
  });

  it('matches the formula on a sweep of amounts', () => {
    for (let cents = 100; cents <= 200_000; cents += 1_337) {
      const amount = cents / 100;
      const expected = Math.round(((amount + 0.305) / 0.9817 - amount) * 100) / 100;
      expect(Math.abs(serviceFeeEuros(amount) - expected)).toBeLessThanOrEqual(0.01);
    }
  });

  it('adds the fee to the amount and converts the total to integer cents', () => {
    expect(onlineTotal(250)).toEqual({ amountEuros: 250, feeEuros: 4.97, totalEuros: 254.97, totalCents: 25497 });
    expect(onlineTotal(15).totalCents).toBe(1559);
  });
});

describe('money', () => {
  it('rounds floats to cents without binary drift', () => {
    expect(roundEuros(0.1 + 0.2)).toBe(0.3);
    expect(roundEuros(1.005)).toBe(1.01);
    expect(eurosToCents(254.97)).toBe(25497);
    expect(eurosToCents(0.29)).toBe(29);
    expect(centsToEuros(25497)).toBe(254.97);
  });

  it('refuses to convert a non-finite amount', () => {
    expect(() => eurosToCents(Number.NaN)).toThrow(RangeError);
  });

  it('formats euros the Italian way with two decimals', () => {
    expect(formatEuros(250)).toBe('250,00 €');
    expect(formatEuros(4.97)).toBe('4,97 €');
    expect(formatEuros(1234.5)).toBe('1234,50 €');
  });
});

import { describe, expect, it } from 'vitest';
import { debitTransition, holdsProduct, PAYMENT_STATUSES, processingStatus } from '@domain/payments/payment-status';

describe('a debit (SEPA) in the payment statuses', () => {
  it("'In elaborazione' holds the child's product, 'Non riuscito' frees it", () => {
    expect(holdsProduct('In elaborazione')).toBe(true);
    expect(holdsProduct('Non riuscito')).toBe(false);
    expect(PAYMENT_STATUSES).toContain('In elaborazione');
  });

  it.each([
    ['In elaborazione', 'succeeded', 'confirm'],
    ['Non riuscito', 'succeeded', 'confirm'],
    ['In elaborazione', 'failed', 'fail'],
    ['Confermato', 'failed', null],
    ['Da Verificare', 'failed', null],
    ['Non riuscito', 'failed', null],
    ['Confermato', 'succeeded', null],
    ['In elaborazione', 'processing', null],
    ['Confermato', 'processing', null],
  ] as const)('a payment %s told %s: %s', (status, event, expected) => {
    expect(debitTransition(status, event)).toBe(expected);
  });

  it("is recorded 'Non riuscito' when the failure was reported at or after the processing, 'In elaborazione' otherwise", () => {
    expect(processingStatus(1000, 0)).toBe('In elaborazione');
    expect(processingStatus(1000, 999)).toBe('In elaborazione');
    expect(processingStatus(1000, 1000)).toBe('Non riuscito');
    expect(processingStatus(1000, 90000)).toBe('Non riuscito');
  });
});

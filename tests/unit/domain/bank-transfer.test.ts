import { describe, expect, it } from 'vitest';
import { paymentReason, paymentReasonTemplate } from '@domain/bank-transfer';
import { retryDelayMs } from '@/lib/query-client';

describe('bank transfer reasons (docs/product.md, "Order flow" step 3)', () => {
  it('states each reason with the surname placeholder', () => {
    expect(paymentReasonTemplate('campo-estivo', 2026, 'Acconto')).toBe('Acconto Campo Scout 2026 - Cognome Figli');
    expect(paymentReasonTemplate('campo-estivo', 2026, 'Saldo')).toBe('Saldo Campo Scout 2026 - Cognome Figli');
    expect(paymentReasonTemplate('felpa-gruppo', 2026)).toBe('Pagamento Felpa - Cognome Figli');
    expect(paymentReasonTemplate('maglietta-gruppo', 2026)).toBe('Pagamento Maglietta Gruppo - Cognome Figli');
  });

  it('fills in the family surname', () => {
    expect(paymentReason('campo-estivo', 2026, ' Rossi ', 'Acconto')).toBe('Acconto Campo Scout 2026 - Rossi');
    expect(paymentReason('felpa-gruppo', 2026, 'Bianchi')).toBe('Pagamento Felpa - Bianchi');
  });
});

describe('query retry delay (src/lib/query-client.ts)', () => {
  it('doubles from one second and stops at thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

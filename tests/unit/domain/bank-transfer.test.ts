import { describe, expect, it } from 'vitest';
import { paymentReason, paymentReasonOf } from '@domain/payments/bank-transfer';
import { namesOfPlan } from '@domain/catalogue/season-catalogue';
import { retryDelayMs } from '@/lib/query-client';

describe('bank transfer reasons (docs/product.md, "Order flow" step 3)', () => {
  it("states each product's reason with the surname placeholder", () => {
    const reason = (plan: string) => paymentReason(namesOfPlan(plan), 2026);
    expect(reason('Campo Estivo - Acconto')).toBe('Acconto Campo Scout 2026 - Cognome Figli');
    expect(reason('Campo Estivo - Saldo')).toBe('Saldo Campo Scout 2026 - Cognome Figli');
    expect(reason('Felpa Reparto')).toBe('Pagamento Felpa - Cognome Figli');
    expect(reason('Maglietta Gruppo')).toBe('Pagamento Maglietta Gruppo - Cognome Figli');
    expect(reason('Uscita di Pasqua')).toBe('Uscita di Pasqua - Cognome Figli');
  });

  it("fills in the family surname, and the order's reference code after it", () => {
    expect(paymentReasonOf('Campo Estivo - Acconto', 2026, ' Rossi ')).toBe('Acconto Campo Scout 2026 - Rossi');
    expect(paymentReasonOf('Felpa Reparto', 2026, 'Bianchi', 'FR26-7K3Q')).toBe('Pagamento Felpa - Bianchi FR26-7K3Q');
  });
});

describe('query retry delay (src/lib/query-client.ts)', () => {
  it('doubles from one second and stops at thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

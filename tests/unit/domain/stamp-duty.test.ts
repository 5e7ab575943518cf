import { describe, expect, it } from 'vitest';
import type { PaymentDocument } from '@domain/payments/payment-schema';
import { receiptDataOf, type ReceiptIssuer } from '@domain/receipts/receipt';
import { stampDutyApplies, stampDutyNote, stampDutySchema, THIRD_SECTOR_EXEMPTION } from '@domain/receipts/stamp-duty';

describe('stamp duty on receipts and credit notes (docs/admin.md, "Receipts")', () => {
  it('applies above 77,47 €: not at 77,47 €, at 77,48 €', () => {
    expect(stampDutyApplies(77.47)).toBe(false);
    expect(stampDutyApplies(77.48)).toBe(true);
    expect(stampDutyApplies(0)).toBe(false);
    // Floating sums that read 77,47 € stay under it.
    expect(stampDutyApplies(77.37 + 0.1)).toBe(false);
  });

  it("says the group's exemption with its legal basis, or the 2,00 € stamp paid, and nothing up to the threshold", () => {
    const exempt = stampDutySchema.parse({ mode: 'exempt', basis: THIRD_SECTOR_EXEMPTION });
    const charged = stampDutySchema.parse({ mode: 'charged' });
    expect(stampDutyNote(exempt, 77.48)).toBe('Esente da imposta di bollo (art. 82, comma 5, del D.Lgs. 117/2017).');
    expect(stampDutyNote(charged, 77.48)).toBe('Imposta di bollo di 2,00 € assolta in modo virtuale.');
    expect(stampDutyNote(exempt, 77.47)).toBeNull();
    expect(stampDutyNote(charged, 77.47)).toBeNull();
  });

  it("takes the group's own statement of how it pays the stamp", () => {
    const physical = stampDutySchema.parse({ mode: 'charged', statement: "assolta sull'originale cartaceo" });
    expect(stampDutyNote(physical, 100)).toBe("Imposta di bollo di 2,00 € assolta sull'originale cartaceo.");
  });
});

describe('a receipt prints the stamp duty rule of the day it was issued', () => {
  const issuer: ReceiptIssuer = {
    name: 'Gruppo',
    fiscalCode: '97000000000',
    address: 'Via 1',
    footer: '',
    stampDuty: { mode: 'charged', statement: 'assolta in modo virtuale' },
  };
  const receipt = {
    number: '2025/1',
    issued_at: new Date('2025-06-01T10:00:00Z'),
    credited_at: new Date('2025-06-01T10:00:00Z'),
    service_fee: 0,
    payer: { name: 'Mario', surname: 'Rossi', cf: '' },
    child_fiscal_codes: {},
  };
  const payment = { id: 'p1', season: 2025, plan: 'Campo Estivo - Acconto', method: 'Bonifico', lines: [] } as unknown as PaymentDocument;

  it("keeps the setting stored with it, whatever group.config.json says now; an older receipt reads today's", () => {
    const exempt = { mode: 'exempt' as const, basis: THIRD_SECTOR_EXEMPTION };
    expect(receiptDataOf(payment, issuer, { ...receipt, stamp_duty: exempt }).issuer.stampDuty).toEqual(exempt);
    expect(receiptDataOf(payment, issuer, receipt).issuer.stampDuty).toEqual(issuer.stampDuty);
  });
});

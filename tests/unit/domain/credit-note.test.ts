import { describe, expect, it } from 'vitest';
import { creditTarget, planCreditNotes, receiptInForce } from '@domain/receipts/credit-note';
import type { PaymentCreditNote } from '@domain/receipts/credit-note-schema';
import type { PaymentDocument } from '@domain/payments/payment-schema';

/** The credit-note rules (docs/admin.md, "Credit notes"): what the notes of a receipt should give back, and the notes that make it so. */

const issued = new Date('2025-06-01T10:00:00Z');
/** A card receipt: two lines (180 + 100) and a 6,45 € fee: 286,45 €. */
const receipt = {
  number: '2025/42',
  issued_at: issued,
  credited_at: issued,
  service_fee: 6.45,
  payer: { name: '', surname: '', cf: '' },
  child_fiscal_codes: {},
};
const lines = [
  { item_id: 'i1', child_id: 'c1', name: 'Marco', surname: 'Rossi', note: '' as const, price: 180 },
  { item_id: 'i2', child_id: 'c2', name: 'Giulia', surname: 'Rossi', note: '' as const, price: 100 },
];

const note = (number: string, amount: number, fields: Partial<PaymentCreditNote> = {}): PaymentCreditNote => ({
  number,
  issued_at: issued,
  amount,
  service_fee: 0,
  solidarity_contribution: 0,
  receipt_number: '2025/42',
  voids_receipt: false,
  reason: 'refund',
  description: 'Rimborso con carta',
  cancelled: null,
  ...fields,
});

type Credited = Pick<
  PaymentDocument,
  'method' | 'status' | 'dispute' | 'refunded_amount' | 'lines' | 'receipt' | 'credit_notes' | 'solidarity_contribution'
>;
const card = (fields: Partial<Credited> = {}): Credited => ({
  method: 'Online',
  status: 'Confermato',
  dispute: null,
  refunded_amount: 0,
  lines,
  receipt,
  credit_notes: [],
  solidarity_contribution: 0,
  ...fields,
});

describe('creditTarget', () => {
  it("is a card payment's refunded euros, all of the receipt after a dispute lost, nothing without a receipt", () => {
    expect(creditTarget(card({ refunded_amount: 50 }))).toBe(50);
    expect(creditTarget(card({ refunded_amount: 400 }))).toBe(286.45);
    expect(creditTarget(card({ dispute: 'lost', status: 'Rimborsato' }))).toBe(286.45);
    expect(creditTarget(card({ dispute: 'open', status: 'Contestato' }))).toBe(0);
    expect(creditTarget(card({ receipt: null, refunded_amount: 50 }))).toBe(0);
  });

  it("is all of a Bonifico's receipt once it is 'Da Verificare' again or 'Annullato', its refunded euros otherwise", () => {
    const transfer = (fields: Partial<Credited>) => card({ method: 'Bonifico', receipt: { ...receipt, service_fee: 0 }, ...fields });
    expect(creditTarget(transfer({ status: 'Da Verificare' }))).toBe(280);
    expect(creditTarget(transfer({ status: 'Annullato' }))).toBe(280);
    expect(creditTarget(transfer({ status: 'Confermato', refunded_amount: 80 }))).toBe(80);
  });
});

describe('planCreditNotes', () => {
  it('issues a note for what the standing notes do not give back yet; the children first, the fee last', () => {
    expect(planCreditNotes(card(), 50)).toEqual({
      receiptNumber: '2025/42',
      cancel: [],
      issue: { amount: 50, serviceFee: 0, solidarityContribution: 0, voidsReceipt: false },
    });
    const partly = card({ credit_notes: [note('2025/1', 50)] });
    expect(planCreditNotes(partly, 286.45)).toEqual({
      receiptNumber: '2025/42',
      cancel: [],
      issue: { amount: 236.45, serviceFee: 6.45, solidarityContribution: 0, voidsReceipt: true },
    });
    expect(planCreditNotes(card(), 283)).toMatchObject({ issue: { amount: 283, serviceFee: 3, voidsReceipt: false } });
  });

  it('issues nothing when the notes already say it, or when there is no receipt', () => {
    expect(planCreditNotes(card({ credit_notes: [note('2025/1', 50)] }), 50)).toEqual({
      receiptNumber: '2025/42',
      cancel: [],
      issue: null,
    });
    expect(planCreditNotes(card({ receipt: null }), 50)).toEqual({ receiptNumber: null, cancel: [], issue: null });
  });

  it('cancels the newest standing notes when less went back (a refund failed), then issues what is left', () => {
    const notes = [note('2025/1', 30), note('2025/2', 80), note('2025/3', 10, { cancelled: { at: issued, reason: 'x' } })];
    expect(planCreditNotes(card({ credit_notes: notes }), 30)).toEqual({ receiptNumber: '2025/42', cancel: ['2025/2'], issue: null });
    expect(planCreditNotes(card({ credit_notes: notes }), 50)).toEqual({
      receiptNumber: '2025/42',
      cancel: ['2025/2'],
      issue: { amount: 20, serviceFee: 0, solidarityContribution: 0, voidsReceipt: false },
    });
    expect(planCreditNotes(card({ credit_notes: notes }), 0)).toMatchObject({ cancel: ['2025/2', '2025/1'], issue: null });
  });

  it("gives the 'Contributo al fondo di solidarietà' back last: a partial refund leaves it, a full refund names it apart", () => {
    const gift = card({ solidarity_contribution: 20 });
    expect(creditTarget({ ...gift, refunded_amount: 400 })).toBe(306.45);
    // The children's 280 € and the fee's 6,45 € go back before any of the gift.
    expect(planCreditNotes(gift, 280)).toMatchObject({
      issue: { amount: 280, serviceFee: 0, solidarityContribution: 0, voidsReceipt: false },
    });
    expect(planCreditNotes(gift, 286.45)).toMatchObject({ issue: { serviceFee: 6.45, solidarityContribution: 0, voidsReceipt: false } });
    expect(planCreditNotes(gift, 306.45)).toEqual({
      receiptNumber: '2025/42',
      cancel: [],
      issue: { amount: 306.45, serviceFee: 6.45, solidarityContribution: 20, voidsReceipt: true },
    });
    const partly = card({
      solidarity_contribution: 20,
      credit_notes: [note('2025/1', 290, { service_fee: 6.45, solidarity_contribution: 3.55 })],
    });
    expect(planCreditNotes(partly, 306.45)).toMatchObject({
      issue: { amount: 16.45, serviceFee: 0, solidarityContribution: 16.45, voidsReceipt: true },
    });
  });

  it("leaves other receipts' notes alone: a new receipt starts with none", () => {
    const earlier = note('2025/1', 280, { receipt_number: '2025/7', voids_receipt: true });
    expect(planCreditNotes(card({ credit_notes: [earlier] }), 0)).toEqual({ receiptNumber: '2025/42', cancel: [], issue: null });
  });
});

describe('receiptInForce', () => {
  it('is the receipt until a standing note annuls it, and again once that note is cancelled', () => {
    expect(receiptInForce(card())).toBe(receipt);
    const annulled = note('2025/1', 286.45, { voids_receipt: true });
    expect(receiptInForce(card({ credit_notes: [annulled] }))).toBeNull();
    expect(receiptInForce(card({ credit_notes: [{ ...annulled, cancelled: { at: issued, reason: 'x' } }] }))).toBe(receipt);
  });
});

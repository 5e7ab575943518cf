import { describe, expect, it } from 'vitest';
import { SEASON } from '@config/season';
import {
  SERVICE_FEE_PRODUCT,
  SOLIDARITY_CONTRIBUTION_PRODUCT,
  incomeByLine,
  ledgerOf,
  ledgerTotals,
  tieOut,
} from '@domain/accounts/accounts';
import { paymentDocument, type PaymentDocument } from '@domain/payments/payment-schema';
import { scoutYear, scoutYearOf } from '@domain/accounts/scout-year';
import { contributionTotalsOf, totalsOf } from '@domain/season/season-totals';

/** The scout year and the ledger's rules (docs/admin.md, "Rendiconto"), on hand-made payments. */

const START = SEASON.campYear - 1;
const YEAR = scoutYear(START);
const at = (iso: string) => new Date(iso);
const receipt = (number: string, when: string, fee = 0) => ({
  number,
  issued_at: at(when),
  credited_at: at(when),
  service_fee: fee,
  payer: { name: 'Mario', surname: 'Rossi', cf: 'X' },
  child_fiscal_codes: {},
});
const note = (number: string, when: string, amount: number, fields: Partial<PaymentDocument['credit_notes'][number]> = {}) => ({
  number,
  issued_at: at(when),
  amount,
  service_fee: 0,
  solidarity_contribution: 0,
  receipt_number: 'R1',
  voids_receipt: false,
  reason: 'refund' as const,
  description: 'Rimborso con carta',
  cancelled: null,
  ...fields,
});
const payment = (id: string, fields: Record<string, unknown>): PaymentDocument =>
  paymentDocument.parse({
    id,
    created_at: at(`${SEASON.campYear}-03-01T10:00:00Z`),
    season: SEASON.campYear,
    order_id: `o-${id}`,
    family_id: 'f-rossi',
    family_surname: 'Rossi',
    surname_key: 'rossi',
    plan: 'Campo Estivo - Acconto',
    method: 'Online',
    status: 'Confermato',
    total_amount: 100,
    lines: [{ item_id: 'i', child_id: 'c', name: 'Luca', surname: 'Rossi', note: '', price: 100 }],
    ...fields,
  });

describe('the scout year', () => {
  it('runs from 1 October to 30 September, Italian time', () => {
    expect(YEAR).toMatchObject({ firstDay: `${START}-10-01`, lastDay: `${START + 1}-09-30`, campYear: SEASON.campYear });
    // Midnight of 1 October in Rome is 22:00 UTC the day before (summer time).
    expect(scoutYearOf(at(`${START}-09-30T21:59:59Z`))).toBe(START - 1);
    expect(scoutYearOf(at(`${START}-09-30T22:00:00Z`))).toBe(START);
    expect(scoutYearOf(at(`${START + 1}-09-30T21:59:59Z`))).toBe(START);
    expect(scoutYearOf(at(`${START + 1}-01-15T12:00:00Z`))).toBe(START);
    expect(YEAR.from.toISOString()).toBe(`${START}-09-30T22:00:00.000Z`);
  });
});

describe('the ledger', () => {
  const card = payment('card', {
    receipt: receipt('R1', `${START + 1}-03-01T10:00:00Z`, 1.75),
    credit_notes: [
      note('N1', `${START + 1}-04-01T10:00:00Z`, 30),
      // A refund that failed: out on its day, back the day it failed.
      note('N2', `${START + 1}-04-02T10:00:00Z`, 20, {
        cancelled: { at: at(`${START + 1}-04-05T10:00:00Z`), reason: 'Rimborso non riuscito' },
      }),
    ],
  });
  const undone = payment('undone', {
    method: 'Bonifico',
    status: 'Confermato',
    earlier_receipts: [receipt('R0', `${START + 1}-02-01T10:00:00Z`)],
    receipt: receipt('R2', `${START + 1}-02-10T10:00:00Z`),
    credit_notes: [
      note('N0', `${START + 1}-02-05T10:00:00Z`, 100, {
        receipt_number: 'R0',
        voids_receipt: true,
        reason: 'unconfirm',
        description: 'Bonifico non ricevuto: conferma annullata',
      }),
    ],
  });
  const lateAutumn = payment('next', { receipt: receipt('R3', `${START + 1}-10-01T08:00:00Z`) });

  it('lists receipts, their card fee apart, and credit notes by day, each on its line; a later day is next year', () => {
    const ledger = ledgerOf(YEAR, [card, undone, lateAutumn], { [SERVICE_FEE_PRODUCT]: 'A10' }, [
      { date: `${START + 1}-02-09`, amountEuros: 100, bankReference: 'B1', paymentIds: ['undone'] },
    ]);
    expect(
      ledger.map((row) => [row.document, row.product === SERVICE_FEE_PRODUCT ? 'fee' : 'items', row.inEuros, row.outEuros, row.line]),
    ).toEqual([
      ['Ricevuta n. R0', 'items', 100, 0, 'A3'],
      ['Nota di credito n. N0 (Bonifico non ricevuto: conferma annullata)', 'items', 0, 100, 'A3'],
      ['Ricevuta n. R2', 'items', 100, 0, 'A3'],
      ['Ricevuta n. R1', 'items', 100, 0, 'A3'],
      ['Ricevuta n. R1', 'fee', 1.75, 0, 'A10'],
      ['Nota di credito n. N1 (Rimborso con carta)', 'items', 0, 30, 'A3'],
      ['Nota di credito n. N2 (Rimborso con carta)', 'items', 0, 20, 'A3'],
      ['Nota di credito n. N2 ANNULLATA (Rimborso non riuscito)', 'items', 20, 0, 'A3'],
    ]);
    expect(ledger.filter((row) => row.bank)).toEqual([
      expect.objectContaining({ document: 'Ricevuta n. R2', bank: `09/02/${START + 1} · B1` }),
    ]);
    expect(ledgerTotals(ledger)).toEqual({ inEuros: 321.75, outEuros: 150, netEuros: 171.75 });
    expect(incomeByLine(ledger).filter((line) => line.netEuros !== 0)).toEqual([
      expect.objectContaining({ code: 'A3', netEuros: 170 }),
      expect.objectContaining({ code: 'A10', netEuros: 1.75 }),
    ]);
  });

  it("ties to 'Pagamenti' with the partial refunds and the documents outside the year accounted for", () => {
    const payments = [card, undone, lateAutumn];
    const ledger = ledgerOf(YEAR, payments, {});
    const totals = totalsOf(payments);
    const check = tieOut(YEAR, ledger, payments, totals, [], new Map());
    expect(check).toMatchObject({
      ledgerNetEuros: 170,
      paymentsConfirmedEuros: 300,
      partialRefundsEuros: 30,
      outsideYearEuros: 100,
      otherSeasonsEuros: 0,
      differenceEuros: 0,
      ties: true,
      feesNetEuros: 1.75,
    });
    // A payment the totals do not know (a document written without its count) is a difference the treasurer sees.
    expect(tieOut(YEAR, ledger, payments, totalsOf([card, lateAutumn]), [], new Map())).toMatchObject({
      ties: false,
      differenceEuros: 100,
    });
  });

  it("puts the 'Contributo al fondo di solidarietà' on its own row and on 'Erogazioni liberali', and still ties after a partial refund", () => {
    // 100 € of camp, a 20 € gift and a 3 € fee; 100 € refunded (the camp), then the rest in full by a later note.
    const gift = payment('gift', {
      solidarity_contribution: 20,
      receipt: receipt('R1', `${START + 1}-03-01T10:00:00Z`, 3),
      credit_notes: [note('N1', `${START + 1}-04-01T10:00:00Z`, 100)],
    });
    const ledger = ledgerOf(YEAR, [gift], {});
    expect(ledger.map((row) => [row.document, row.product, row.inEuros, row.outEuros, row.line])).toEqual([
      ['Ricevuta n. R1', 'Campo Estivo - Acconto', 100, 0, 'A3'],
      ['Ricevuta n. R1', SOLIDARITY_CONTRIBUTION_PRODUCT, 20, 0, 'A4'],
      ['Ricevuta n. R1', SERVICE_FEE_PRODUCT, 3, 0, 'A10'],
      ['Nota di credito n. N1 (Rimborso con carta)', 'Campo Estivo - Acconto', 0, 100, 'A3'],
    ]);
    expect(SOLIDARITY_CONTRIBUTION_PRODUCT).toBe('Contributo al fondo di solidarietà');
    expect(incomeByLine(ledger).find((line) => line.code === 'A4')).toMatchObject({ label: 'Erogazioni liberali', netEuros: 20 });
    const check = tieOut(YEAR, ledger, [gift], totalsOf([gift]), [], new Map(), contributionTotalsOf([gift]));
    expect(check).toMatchObject({
      ledgerNetEuros: 20,
      paymentsConfirmedEuros: 100,
      contributionsConfirmedEuros: 20,
      partialRefundsEuros: 100,
      ties: true,
      feesNetEuros: 3,
    });
    // Without the kept contributions the 20 € would be a difference.
    expect(tieOut(YEAR, ledger, [gift], totalsOf([gift]), [], new Map())).toMatchObject({ ties: false, differenceEuros: 20 });

    const refunded = paymentDocument.parse({
      ...gift,
      status: 'Rimborsato',
      credit_notes: [
        ...gift.credit_notes,
        note('N2', `${START + 1}-04-10T10:00:00Z`, 23, { service_fee: 3, solidarity_contribution: 20, voids_receipt: true }),
      ],
    });
    const after = ledgerOf(YEAR, [refunded], {});
    expect(after.slice(4).map((row) => [row.product, row.outEuros, row.line])).toEqual([
      [SOLIDARITY_CONTRIBUTION_PRODUCT, 20, 'A4'],
      [SERVICE_FEE_PRODUCT, 3, 'A10'],
    ]);
    expect(incomeByLine(after).find((line) => line.code === 'A4')?.netEuros).toBe(0);
    expect(tieOut(YEAR, after, [refunded], totalsOf([refunded]), [], new Map(), contributionTotalsOf([refunded]))).toMatchObject({
      ledgerNetEuros: 0,
      ties: true,
    });
  });
});

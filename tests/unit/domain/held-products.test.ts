import { describe, expect, it } from 'vitest';
import { allHold, heldProduct, type PaidEntry } from '@domain/families/held-products';
import { namesOfPlan } from '@domain/catalogue/season-catalogue';
import { PLAN } from '@domain/catalogue/seed';

/** The product of `plan` as a screen checks it: its plan and names. */
const product = (plan: string) => ({ plan, names: namesOfPlan(plan) });

const DATE = '2025-03-10T09:30:00.000Z';
const acconto = (status: PaidEntry['status']): PaidEntry => ({ plan: 'Campo Estivo - Acconto', status, date: DATE, note: '' });
const saldo = (status: PaidEntry['status']): PaidEntry => ({ plan: 'Campo Estivo - Saldo', status, date: DATE, note: '' });
const felpa = (status: PaidEntry['status'], note: string): PaidEntry => ({ plan: 'Felpa Reparto', status, date: DATE, note });
const maglietta = (status: PaidEntry['status'], note: string): PaidEntry => ({ plan: 'Maglietta Gruppo', status, date: DATE, note });

describe('heldProduct', () => {
  it('holds nothing when the child has paid nothing this season', () => {
    expect(heldProduct([], product(PLAN.campAcconto))).toBeNull();
    expect(heldProduct([], product(PLAN.maglietta))).toBeNull();
  });

  it.each([
    [PLAN.campAcconto, acconto('Confermato'), 'Acconto già versato'],
    [PLAN.campSaldo, saldo('Confermato'), 'Saldo già versato'],
    [PLAN.felpa, felpa('Confermato', 'M'), 'Felpa già ordinata (M)'],
    [PLAN.maglietta, maglietta('Confermato', 'S'), 'Maglietta già ordinata (S)'],
  ] as const)('a confirmed %s reads "%s"', (plan, entry, label) => {
    expect(heldProduct([entry], product(plan))).toEqual({ state: 'paid', label });
  });

  it("a season product's paid item reads 'Già pagato', with its size when it has one", () => {
    const outing = { plan: 'Uscita di Pasqua', status: 'Confermato', date: '2025-03-10T09:30:00.000Z', note: '' } as const;
    expect(heldProduct([outing], product('Uscita di Pasqua'))).toEqual({ state: 'paid', label: 'Già pagato' });
    expect(heldProduct([{ ...outing, note: 'L' }], product('Uscita di Pasqua'))?.label).toBe('Già pagato (L)');
  });

  it('a transfer awaiting verification reads "Bonifico in verifica", whatever the product', () => {
    expect(heldProduct([acconto('Da Verificare')], product(PLAN.campAcconto))).toEqual({
      state: 'toVerify',
      label: 'Bonifico in verifica',
    });
    expect(heldProduct([felpa('Da Verificare', 'M')], product(PLAN.felpa))).toEqual({ state: 'toVerify', label: 'Bonifico in verifica' });
  });

  it("a debit the bank has not answered yet reads 'In elaborazione'; once a payment is confirmed, that wins", () => {
    expect(heldProduct([acconto('In elaborazione')], product(PLAN.campAcconto))).toEqual({ state: 'toVerify', label: 'In elaborazione' });
    expect(heldProduct([acconto('In elaborazione'), acconto('Confermato')], product(PLAN.campAcconto))?.state).toBe('paid');
  });

  it('the Acconto does not hold the Saldo, nor the Felpa the Maglietta', () => {
    expect(heldProduct([acconto('Confermato')], product(PLAN.campSaldo))).toBeNull();
    expect(heldProduct([saldo('Da Verificare')], product(PLAN.campAcconto))).toBeNull();
    expect(heldProduct([felpa('Confermato', 'M')], product(PLAN.maglietta))).toBeNull();
  });

  it('a confirmed payment wins over one awaiting verification; a size-less item leaves the size out', () => {
    expect(heldProduct([felpa('Da Verificare', 'L'), felpa('Confermato', 'XS')], product(PLAN.felpa))).toEqual({
      state: 'paid',
      label: 'Felpa già ordinata (XS)',
    });
    expect(heldProduct([maglietta('Confermato', '')], product(PLAN.maglietta))?.label).toBe('Maglietta già ordinata');
  });
});

describe('allHold', () => {
  it('is true only when every child holds the product, and never for no children', () => {
    const paid = { paid: [acconto('Confermato')] };
    const toVerify = { paid: [acconto('Da Verificare')] };
    const free = { paid: [saldo('Confermato')] };
    expect(allHold([paid, toVerify], product(PLAN.campAcconto))).toBe(true);
    expect(allHold([paid, free], product(PLAN.campAcconto))).toBe(false);
    expect(allHold([paid, toVerify], product(PLAN.campSaldo))).toBe(false);
    expect(allHold([], product(PLAN.campAcconto))).toBe(false);
  });
});

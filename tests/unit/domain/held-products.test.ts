import { describe, expect, it } from 'vitest';
import { allHold, heldProduct, type PaidEntry } from '@/domain/held-products';

const DATE = '2025-03-10T09:30:00.000Z';
const acconto = (status: PaidEntry['status']): PaidEntry => ({ plan: 'Campo Estivo - Acconto', status, date: DATE, note: '' });
const saldo = (status: PaidEntry['status']): PaidEntry => ({ plan: 'Campo Estivo - Saldo', status, date: DATE, note: '' });
const felpa = (status: PaidEntry['status'], note: string): PaidEntry => ({ plan: 'Felpa Reparto', status, date: DATE, note });
const maglietta = (status: PaidEntry['status'], note: string): PaidEntry => ({ plan: 'Maglietta Gruppo', status, date: DATE, note });

describe('heldProduct', () => {
  it('holds nothing when the child has paid nothing this season', () => {
    expect(heldProduct([], 'campo-acconto')).toBeNull();
    expect(heldProduct([], 'maglietta')).toBeNull();
  });

  it.each([
    ['campo-acconto', acconto('Confermato'), 'Acconto già versato'],
    ['campo-saldo', saldo('Confermato'), 'Saldo già versato'],
    ['felpa', felpa('Confermato', 'M'), 'Felpa già ordinata (M)'],
    ['maglietta', maglietta('Confermato', 'S'), 'Maglietta già ordinata (S)'],
  ] as const)('a confirmed %s reads "%s"', (product, entry, label) => {
    expect(heldProduct([entry], product)).toEqual({ state: 'paid', label });
  });

  it('a transfer awaiting verification reads "Bonifico in verifica", whatever the product', () => {
    expect(heldProduct([acconto('Da Verificare')], 'campo-acconto')).toEqual({ state: 'toVerify', label: 'Bonifico in verifica' });
    expect(heldProduct([felpa('Da Verificare', 'M')], 'felpa')).toEqual({ state: 'toVerify', label: 'Bonifico in verifica' });
  });

  it('the Acconto does not hold the Saldo, nor the Felpa the Maglietta', () => {
    expect(heldProduct([acconto('Confermato')], 'campo-saldo')).toBeNull();
    expect(heldProduct([saldo('Da Verificare')], 'campo-acconto')).toBeNull();
    expect(heldProduct([felpa('Confermato', 'M')], 'maglietta')).toBeNull();
  });

  it('a confirmed payment wins over one awaiting verification; a size-less item leaves the size out', () => {
    expect(heldProduct([felpa('Da Verificare', 'L'), felpa('Confermato', 'XS')], 'felpa')).toEqual({
      state: 'paid',
      label: 'Felpa già ordinata (XS)',
    });
    expect(heldProduct([maglietta('Confermato', '')], 'maglietta')?.label).toBe('Maglietta già ordinata');
  });
});

describe('allHold', () => {
  it('is true only when every child holds the product, and never for no children', () => {
    const paid = { paid: [acconto('Confermato')] };
    const toVerify = { paid: [acconto('Da Verificare')] };
    const free = { paid: [saldo('Confermato')] };
    expect(allHold([paid, toVerify], 'campo-acconto')).toBe(true);
    expect(allHold([paid, free], 'campo-acconto')).toBe(false);
    expect(allHold([paid, toVerify], 'campo-saldo')).toBe(false);
    expect(allHold([], 'campo-acconto')).toBe(false);
  });
});

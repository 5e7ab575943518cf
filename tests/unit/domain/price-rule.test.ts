import { describe, expect, it } from 'vitest';
import { describePriceRule, ruleEuros, siblingLabel } from '@domain/catalogue/price-rule';
import { findProduct, type CatalogueProduct } from '@domain/catalogue/product';
import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import { SEED_PRICES } from '@domain/catalogue/seed';
import { priceOrder } from '@domain/catalogue/pricing';
import type { Branch } from '@domain/branches';
import { pickInTickOrder, toggleInTickOrder } from '@domain/orders/selection';
import { sumEuros } from '@domain/money';

const child = (id: string, branch: Branch) => ({ id, name: id, surname: 'Rossi', branch });
/** A seeded product at its default price. */
const specProduct = (id: string): CatalogueProduct => findProduct(seedCatalogue(), id)!;
const marco = child('marco', 'Reparto');
const giulia = child('giulia', 'Clan');
const luca = child('luca', 'Branco');

const productOf = (quota: 'Acconto' | 'Saldo') => (quota === 'Acconto' ? 'campo-acconto' : 'campo-saldo');
/** The spec's camp prices, as the season's rules price them. */
const priceCampSelection = (quota: 'Acconto' | 'Saldo', children: Array<ReturnType<typeof child>>, alreadyHeld = 0) =>
  priceOrder(specProduct(productOf(quota)), children, alreadyHeld);
const prices = (quota: 'Acconto' | 'Saldo', children: Array<ReturnType<typeof child>>) =>
  priceCampSelection(quota, children).map(({ child, priceEuros }) => [child.id, priceEuros]);

describe('camp deposit (Acconto)', () => {
  it('costs 100 € per child and 150 € for a Clan child', () => {
    expect(prices('Acconto', [marco, giulia, luca])).toEqual([
      ['marco', 100],
      ['giulia', 150],
      ['luca', 100],
    ]);
  });

  it('does not depend on tick order for the first five children', () => {
    expect(prices('Acconto', [giulia, marco])).toEqual([
      ['giulia', 150],
      ['marco', 100],
    ]);
  });

  it('totals 250 € for Marco then Giulia (the bank transfer example)', () => {
    expect(sumEuros(priceCampSelection('Acconto', [marco, giulia]).map((p) => p.priceEuros))).toBe(250);
  });
});

describe('camp balance (Saldo)', () => {
  it('costs 180 € for the first child ticked and 155 € for the 2nd to 5th', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((id) => child(id, 'Reparto'));
    expect(prices('Saldo', five).map(([, price]) => price)).toEqual([180, 155, 155, 155, 155]);
  });

  it('counts the siblings who already hold the Saldo from an earlier order first: the next child pays 155 €, the 6th nothing', () => {
    const ranked = priceCampSelection('Saldo', [giulia, marco], 1);
    expect(ranked.map(({ priceEuros, priceNote }) => [priceEuros, priceNote])).toEqual([
      [155, '2° figlio'],
      [155, '3° figlio'],
    ]);
    expect(priceCampSelection('Saldo', [marco], 5).map((line) => line.priceEuros)).toEqual([0]);
    expect(siblingLabel(1)).toBe('2° figlio');
  });

  it('gives the first-child price to whoever was ticked first, Clan included', () => {
    expect(prices('Saldo', [giulia, marco])).toEqual([
      ['giulia', 180],
      ['marco', 155],
    ]);
    expect(prices('Saldo', [marco, giulia])).toEqual([
      ['marco', 180],
      ['giulia', 155],
    ]);
  });
});

describe('more than five children', () => {
  const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => child(id, 'Clan'));

  it('charges nothing from the sixth child on, for both quotas', () => {
    expect(prices('Saldo', seven).map(([, price]) => price)).toEqual([180, 155, 155, 155, 155, 0, 0]);
    expect(prices('Acconto', seven).map(([, price]) => price)).toEqual([150, 150, 150, 150, 150, 0, 0]);
  });

  it('rejects a negative or fractional position', () => {
    expect(() => ruleEuros(SEED_PRICES['campo-acconto'], 'Reparto', -1)).toThrow(RangeError);
    expect(() => ruleEuros(SEED_PRICES['campo-acconto'], 'Reparto', 1.5)).toThrow(RangeError);
  });
});

describe('recomputation when the selection changes', () => {
  const familyChildren = [marco, giulia, luca];

  it('moves the first-child balance price to the next child when the first is unticked', () => {
    let selected = toggleInTickOrder([], 'luca');
    selected = toggleInTickOrder(selected, 'marco');
    expect(prices('Saldo', pickInTickOrder(familyChildren, selected))).toEqual([
      ['luca', 180],
      ['marco', 155],
    ]);
    selected = toggleInTickOrder(selected, 'luca');
    expect(prices('Saldo', pickInTickOrder(familyChildren, selected))).toEqual([['marco', 180]]);
  });

  it('re-ticking a child puts it last', () => {
    const selected = toggleInTickOrder(toggleInTickOrder(['marco', 'giulia'], 'marco'), 'marco');
    expect(selected).toEqual(['giulia', 'marco']);
    expect(prices('Saldo', pickInTickOrder(familyChildren, selected))).toEqual([
      ['giulia', 180],
      ['marco', 155],
    ]);
  });

  it('follows a quota change on the same selection', () => {
    const chosen = pickInTickOrder(familyChildren, ['giulia', 'marco']);
    expect(prices('Acconto', chosen)).toEqual([
      ['giulia', 150],
      ['marco', 100],
    ]);
    expect(prices('Saldo', chosen)).toEqual([
      ['giulia', 180],
      ['marco', 155],
    ]);
  });
});

describe('merchandise', () => {
  it('prices a Felpa Reparto at 30 € and a Maglietta Gruppo at 15 € whatever the size and the rank', () => {
    const sized = [
      { ...child('a', 'Reparto'), size: 'M' as const },
      { ...child('b', 'Reparto'), size: 'XS' as const },
    ];
    expect(priceOrder(specProduct('felpa'), sized, 3).map((line) => [line.size, line.priceEuros, line.priceNote])).toEqual([
      ['M', 30, undefined],
      ['XS', 30, undefined],
    ]);
    expect(priceOrder(specProduct('maglietta'), sized).map((line) => line.priceEuros)).toEqual([15, 15]);
  });
});

describe("a season's own rules", () => {
  it('prices a Saldo at 190 € for the first child when the treasurer set it, the ladder unchanged', () => {
    const saldo = { ...SEED_PRICES['campo-saldo'], euros: 190 };
    expect(
      priceOrder({ ...specProduct('campo-saldo'), price: saldo }, [marco, giulia]).map((line) => [line.priceEuros, line.priceNote]),
    ).toEqual([
      [190, undefined],
      [155, '2° figlio'],
    ]);
  });

  it('prices by branch (an outing 15 €, Clan 20 €) with no ladder note', () => {
    const rule = { euros: 15, branchEuros: { Clan: 20 } };
    expect(
      priceOrder({ plan: 'Uscita di Pasqua', sizes: false, price: rule }, [marco, giulia, luca]).map((line) => line.priceEuros),
    ).toEqual([15, 20, 15]);
  });

  it('describes each rule in Italian for the transfer page and the audit log', () => {
    expect(describePriceRule(SEED_PRICES['campo-acconto'])).toBe('100,00 € per figlio (150,00 € per il Clan); gratis dal 6° figlio');
    expect(describePriceRule(SEED_PRICES['campo-saldo'])).toBe(
      '180,00 € per il primo figlio, 155,00 € per ciascuno dei successivi; gratis dal 6° figlio',
    );
    expect(describePriceRule(SEED_PRICES.maglietta, 'ciascuna')).toBe('15,00 € ciascuna');
  });
});

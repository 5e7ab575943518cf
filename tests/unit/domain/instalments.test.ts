import { describe, expect, it } from 'vitest';
import { findProduct, type CatalogueProduct } from '@domain/catalogue/product';
import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import { familyProductBalance, type BalanceItem } from '@domain/families/family-balance';
import {
  familyInstalments,
  instalmentPlanProblems,
  instalmentsOf,
  instalmentText,
  nextInstalment,
  overdueInstalments,
  priceOrderWithPlan,
  splitEuros,
  type InstalmentPlan,
} from '@domain/payments/instalments';
import { PAYMENT_STATUS, type PaymentStatus } from '@domain/payments/payment-status';

const plan: InstalmentPlan = { due: [null, '2000-03-15', '2000-05-15'] };
// A product of 100 € a child, a second child 90 €, in three rate.
const product: CatalogueProduct = {
  ...findProduct(seedCatalogue(), 'maglietta')!,
  price: { euros: 100, siblingEuros: 90 },
  instalments: plan,
};
const child = (id: string) => ({ id, name: id, surname: 'Rossi', branch: 'Reparto' as const });
const marco = child('marco');
const giulia = child('giulia');
const paid = (euros: number) => ({ euros, confirmed: true });

/** The family's orders of the product, oldest first, as familyProductBalance reads them. */
function ledger(orders: ReadonlyArray<{ status: PaymentStatus; lines: Array<[ReturnType<typeof child>, number]>; refunded?: number }>) {
  return orders.flatMap(({ status, lines, refunded = 0 }, index): BalanceItem[] => {
    const payment = {
      id: `payment-${index}`,
      order_id: `order-${index}`,
      status,
      total_amount: lines.reduce((sum, [, euros]) => sum + euros, 0),
      refunded_amount: refunded,
    };
    return lines.map(([kid, price]) => ({
      item: {
        plan: product.plan,
        son_info: { id: kid.id, name: kid.name, surname: kid.surname },
        note: '',
        price,
        created_at: new Date((index + 1) * 1000),
        payment_id: payment.id,
      },
      payment,
    }));
  });
}

describe('splitEuros', () => {
  it('splits 100 € in three with the cents left over on the first, summing exactly', () => {
    expect(splitEuros(100, 3)).toEqual([33.34, 33.33, 33.33]);
    expect(splitEuros(0.01, 4)).toEqual([0.01, 0, 0, 0]);
    expect(splitEuros(-5, 2)).toEqual([0, 0]);
  });
});

describe('instalmentsOf', () => {
  it('names the first rata due at ordering, the next overdue only past its day', () => {
    const rate = instalmentsOf(plan, 100, [paid(33.34)], '2000-03-16');
    expect(rate.map((rata) => [rata.amountEuros, rata.state, rata.overdue])).toEqual([
      [33.34, 'paid', false],
      [33.33, 'due', true],
      [33.33, 'due', false],
    ]);
    expect(instalmentText(rate[1]!)).toBe('Rata 2 di 3 · 33,33 € · entro il 15/03');
    expect(instalmentText(rate[0]!)).toBe('Rata 1 di 3 · 33,34 € · all’ordine');
    expect(overdueInstalments(instalmentsOf(plan, 100, [paid(33.34)], '2000-03-15'))).toEqual([]);
  });

  it('grows the remaining rate when a second child joins, the paid ones unchanged', () => {
    const rate = instalmentsOf(plan, 190, [paid(33.34), paid(33.33)], '2000-01-01');
    expect(rate.map((rata) => rata.amountEuros)).toEqual([33.34, 33.33, 123.33]);
    expect(nextInstalment(rate)?.number).toBe(3);
  });

  it('marks a rata awaited by Bonifico as to verify, and every rata paid when nothing is left', () => {
    const rate = instalmentsOf(plan, 100, [paid(33.34), { euros: 33.33, confirmed: false }, paid(33.33)], '2000-12-31');
    expect(rate.map((rata) => rata.state)).toEqual(['paid', 'toVerify', 'paid']);
    expect(nextInstalment(rate)).toBeUndefined();
    expect(overdueInstalments(rate)).toEqual([]);
  });

  it('never goes negative: a reduction after the rate leaves nothing due', () => {
    const rate = instalmentsOf(plan, 50, [paid(33.34), paid(33.33)], '2000-12-31');
    expect(rate.map((rata) => [rata.amountEuros, rata.dueEuros])).toEqual([
      [33.34, 0],
      [33.33, 0],
      [0, 0],
    ]);
  });

  it('counts orders beyond the plan toward its last rata', () => {
    const rate = instalmentsOf({ due: [null, '2000-03-15'] }, 300, [paid(100), paid(50), paid(50)], '2000-12-31');
    expect(rate.map((rata) => [rata.amountEuros, rata.dueEuros])).toEqual([
      [100, 0],
      [200, 100],
    ]);
    expect(rate[1]?.overdue).toBe(true);
  });
});

describe('priceOrderWithPlan', () => {
  const today = '2000-02-01';

  it('charges only the first rata of a first order, its lines summing to it', () => {
    const balance = familyProductBalance(product, [], [marco, giulia], null);
    const order = priceOrderWithPlan(product, balance, [marco, giulia], today);
    // 100 + 90 = 190 € in three: 63,34 now.
    expect(order.amountEuros).toBe(63.34);
    expect(order.lines.map((line) => line.priceEuros)).toEqual([63.34, 0]);
    expect(order.lines[0]?.priceNote).toBe('rata 1 di 3');
    expect(order.instalment?.number).toBe(1);
  });

  it('takes a family\u2019s reduction off the total the rate split', () => {
    const balance = familyProductBalance(product, [], [marco], { kind: 'percent', value: 10 });
    expect(priceOrderWithPlan(product, balance, [marco], today).amountEuros).toBe(30);
  });

  it('charges a second child joining the next rata of the new total', () => {
    const items = ledger([{ status: PAYMENT_STATUS.confirmed, lines: [[marco, 33.34]] }]);
    const balance = familyProductBalance(product, items, [marco, giulia], null);
    const order = priceOrderWithPlan(product, balance, [giulia], today);
    // 190 − 33,34 = 156,66 over the two rate left.
    expect(order.amountEuros).toBe(78.33);
    expect(order.instalment?.number).toBe(2);
    expect(familyInstalments(product, balance, today).map((rata) => rata.amountEuros)).toEqual([33.34, 33.33, 33.33]);
  });

  it('gives a refunded rata back to the rate left', () => {
    const items = ledger([
      { status: PAYMENT_STATUS.confirmed, lines: [[marco, 33.34]] },
      { status: PAYMENT_STATUS.refunded, lines: [[marco, 33.33]], refunded: 33.33 },
    ]);
    const rate = familyInstalments(product, familyProductBalance(product, items, [marco], null), today);
    expect(rate.map((rata) => [rata.state, rata.dueEuros])).toEqual([
      ['paid', 0],
      ['due', 33.33],
      ['due', 33.33],
    ]);
  });

  it('prices a product without a plan as the balance does', () => {
    const balance = familyProductBalance(product, [], [marco], null);
    const { instalments: _none, ...whole } = product;
    expect(priceOrderWithPlan(whole, balance, [marco], today)).toMatchObject({ amountEuros: 100 });
  });
});

describe('instalmentPlanProblems', () => {
  const season = { firstDay: '1999-10-01', lastDay: '2000-09-30' };

  it('accepts 2 to 4 rate with ascending days in the season, the first at ordering', () => {
    expect(instalmentPlanProblems(plan, season)).toEqual([]);
    expect(instalmentPlanProblems({ due: ['1999-11-01', '1999-12-01', '2000-01-01', '2000-02-01'] }, season)).toEqual([]);
  });

  it('refuses one rata, five, days out of order or out of the season, a later rata at ordering', () => {
    expect(instalmentPlanProblems({ due: [null] }, season)).toEqual(['Le rate sono da 2 a 4.']);
    expect(instalmentPlanProblems({ due: [null, null, null, null, null] }, season)).toEqual(['Le rate sono da 2 a 4.']);
    expect(instalmentPlanProblems({ due: ['2000-03-01', '2000-02-01'] }, season)).toEqual([
      'Le scadenze delle rate vanno in ordine, una dopo l’altra.',
    ]);
    expect(instalmentPlanProblems({ due: [null, '2000-10-01'] }, season)).toEqual([
      'Le scadenze delle rate sono tra il 01/10/1999 e il 30/09/2000.',
    ]);
    expect(instalmentPlanProblems({ due: ['2000-01-01', null] }, season)).toEqual([
      'Solo la prima rata può essere «all’ordine»: le altre hanno una scadenza.',
    ]);
  });
});

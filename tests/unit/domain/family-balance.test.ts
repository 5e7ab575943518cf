import { describe, expect, it } from 'vitest';
import { findProduct, type CatalogueProduct } from '@domain/catalogue/product';
import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import type { Branch } from '@domain/branches';
import {
  accountedEuros,
  amountDue,
  familyProductBalance,
  priceBalancedOrder,
  reducedTotal,
  type BalanceItem,
  type Reduction,
} from '@domain/families/family-balance';
import { PAYMENT_STATUS, type PaymentStatus } from '@domain/payments/payment-status';

const saldo: CatalogueProduct = findProduct(seedCatalogue(), 'campo-saldo')!;
const felpa: CatalogueProduct = findProduct(seedCatalogue(), 'felpa')!;
const child = (id: string, branch: Branch = 'Reparto') => ({ id, name: id, surname: 'Rossi', branch });
const marco = child('marco');
const giulia = child('giulia');
const luca = child('luca', 'Branco');
const children = [marco, giulia, luca];

/** The family's recorded orders, oldest first: the items and payments familyProductBalance reads. */
class Ledger {
  items: BalanceItem[] = [];
  private count = 0;
  private payments = new Map<string, NonNullable<BalanceItem['payment']>>();

  /** Records an order of `lines` (child, price) with `status`; answers its payment id. */
  order(status: PaymentStatus, lines: ReadonlyArray<[ReturnType<typeof child>, number]>, plan = saldo.plan): string {
    this.count += 1;
    const id = `payment-${this.count}`;
    const payment = {
      id,
      order_id: `order-${this.count}`,
      status,
      refunded_amount: 0,
      total_amount: lines.reduce((sum, [, euros]) => sum + euros, 0),
    };
    this.payments.set(id, payment);
    for (const [kid, price] of lines) {
      this.items.push({
        item: {
          plan,
          son_info: { id: kid.id, name: kid.name, surname: kid.surname },
          note: '',
          price,
          created_at: new Date(this.count * 1000),
          payment_id: id,
        },
        payment,
      });
    }
    return id;
  }

  set(id: string, change: { status?: PaymentStatus; refunded_amount?: number }): void {
    Object.assign(this.payments.get(id)!, change);
  }

  balance(reduction: Reduction | null = null, product: CatalogueProduct = saldo) {
    return familyProductBalance(product, this.items, children, reduction);
  }
}

/** The order of `chosen` for the ledger's family: its amount and line prices. */
const priceNext = (
  ledger: Ledger,
  chosen: ReadonlyArray<ReturnType<typeof child>>,
  reduction: Reduction | null = null,
  product = saldo,
) => {
  const { lines, amountEuros } = priceBalancedOrder(product, ledger.balance(reduction, product), chosen);
  return { amountEuros, prices: lines.map((line) => line.priceEuros), notes: lines.map((line) => line.priceNote) };
};

describe("a family's balance for the Saldo (180 € first child, 155 € the others)", () => {
  it('prices one child at 180 €, nothing due', () => {
    const ledger = new Ledger();
    expect(priceNext(ledger, [marco]).amountEuros).toBe(180);
    ledger.order(PAYMENT_STATUS.confirmed, [[marco, 180]]);
    expect(amountDue(saldo, ledger.balance())).toBe(0);
  });

  it('prices two children at once at 335 €', () => {
    expect(priceNext(new Ledger(), [marco, giulia])).toMatchObject({ amountEuros: 335, prices: [180, 155] });
  });

  it('prices the second child after the first at 155 €, whether the first is paid or awaits its transfer', () => {
    for (const status of [PAYMENT_STATUS.confirmed, PAYMENT_STATUS.toVerify]) {
      const ledger = new Ledger();
      ledger.order(status, [[marco, 180]]);
      expect(priceNext(ledger, [giulia])).toMatchObject({ amountEuros: 155, prices: [155], notes: ['2° figlio'] });
    }
  });

  it('ends the gamed sequence with 25,00 € due, and prices the first child again at 180 €', () => {
    const ledger = new Ledger();
    const first = ledger.order(PAYMENT_STATUS.toVerify, [[marco, 180]]);
    expect(priceNext(ledger, [giulia]).amountEuros).toBe(155);
    ledger.order(PAYMENT_STATUS.confirmed, [[giulia, 155]]);
    ledger.set(first, { status: PAYMENT_STATUS.cancelled });
    expect(amountDue(saldo, ledger.balance())).toBe(25);
    expect(priceNext(ledger, [marco])).toMatchObject({ amountEuros: 180, prices: [180], notes: ['2° figlio, con 25,00 € da saldare'] });
    ledger.order(PAYMENT_STATUS.toVerify, [[marco, 180]]);
    expect(amountDue(saldo, ledger.balance())).toBe(0);
  });

  it('leaves 25,00 € due when the first child is refunded, in full or by a lost dispute', () => {
    const ledger = new Ledger();
    const first = ledger.order(PAYMENT_STATUS.confirmed, [[marco, 180]]);
    ledger.order(PAYMENT_STATUS.confirmed, [[giulia, 155]]);
    ledger.set(first, { status: PAYMENT_STATUS.refunded, refunded_amount: 180 });
    expect(amountDue(saldo, ledger.balance())).toBe(25);
  });

  it('counts a partial refund off what the family has paid', () => {
    const ledger = new Ledger();
    const paid = ledger.order(PAYMENT_STATUS.confirmed, [
      [marco, 180],
      [giulia, 180],
    ]);
    ledger.set(paid, { refunded_amount: 25 });
    expect(amountDue(saldo, ledger.balance())).toBe(0);
    expect(accountedEuros([{ status: PAYMENT_STATUS.confirmed, totalEuros: 155, refundedEuros: 200 }])).toBe(0);
  });

  it('counts a disputed payment while the dispute is open', () => {
    const ledger = new Ledger();
    ledger.order(PAYMENT_STATUS.disputed, [[marco, 180]]);
    expect(priceNext(ledger, [giulia]).amountEuros).toBe(155);
  });
});

describe('a reduction', () => {
  it('by amount takes 50 € off the family total, on the first order', () => {
    const ledger = new Ledger();
    const amount: Reduction = { kind: 'amount', value: 50 };
    expect(priceNext(ledger, [marco], amount)).toMatchObject({ amountEuros: 130, prices: [130], notes: ['con riduzione'] });
    ledger.order(PAYMENT_STATUS.confirmed, [[marco, 130]]);
    expect(priceNext(ledger, [giulia], amount)).toMatchObject({ amountEuros: 155, prices: [155] });
    expect(amountDue(saldo, ledger.balance(amount))).toBe(0);
  });

  it('by percentage takes its share of the total, rounded to cents', () => {
    expect(priceNext(new Ledger(), [marco, giulia], { kind: 'percent', value: 10 })).toMatchObject({
      amountEuros: 301.5,
      prices: [146.5, 155],
    });
    expect(reducedTotal(155, { kind: 'percent', value: 33.33 })).toBe(103.34);
  });

  it('never brings a total or a line below 0', () => {
    const big: Reduction = { kind: 'amount', value: 250 };
    expect(priceNext(new Ledger(), [marco, giulia], big)).toMatchObject({ amountEuros: 85, prices: [0, 85] });
    expect(priceNext(new Ledger(), [marco], { kind: 'amount', value: 500 })).toMatchObject({ amountEuros: 0, prices: [0] });
    expect(reducedTotal(180, { kind: 'percent', value: 100 })).toBe(0);
  });

  it('given after a payment leaves nothing due and no negative amount', () => {
    const ledger = new Ledger();
    ledger.order(PAYMENT_STATUS.confirmed, [[marco, 180]]);
    expect(amountDue(saldo, ledger.balance({ kind: 'amount', value: 50 }))).toBe(0);
    expect(priceNext(ledger, [giulia], { kind: 'amount', value: 50 })).toMatchObject({ amountEuros: 105, prices: [105] });
  });
});

describe('a product without a ladder', () => {
  it('prices each sweatshirt at 30 €, and a cancelled one owes nothing', () => {
    const ledger = new Ledger();
    const first = ledger.order(PAYMENT_STATUS.toVerify, [[marco, 30]], felpa.plan);
    expect(priceNext(ledger, [giulia], null, felpa).amountEuros).toBe(30);
    ledger.set(first, { status: PAYMENT_STATUS.cancelled });
    expect(amountDue(felpa, ledger.balance(null, felpa))).toBe(0);
  });

  it('keeps each branch price in the ladder: a Branco holder and a Reparto child', () => {
    const acconto = findProduct(seedCatalogue(), 'campo-acconto')!;
    const ledger = new Ledger();
    ledger.order(PAYMENT_STATUS.confirmed, [[luca, 100]], acconto.plan);
    expect(priceNext(ledger, [child('anna', 'Clan')], null, acconto).amountEuros).toBe(150);
  });
});

describe("'Situazione iscritti': a family's amount due", () => {
  it("shows the gamed sequence's 25,00 € once, on the family's first row", async () => {
    const { buildEnrolmentRows } = await import('@domain/enrolment/enrolment-status');
    const { familyDues } = await import('@domain/enrolment/family-dues');
    const { productLabel } = await import('@domain/enrolment/enrolment-labels');
    const season = 2100;
    const at = (seconds: number) => new Date(seconds * 1000);
    const kid = (id: string, name: string) => ({
      ...child(id),
      name,
      family_id: 'family-rossi',
      medical_doc: '',
      medical_forms: [],
      archived_at: null,
      updated_at: at(0),
    });
    const children = [kid('marco', 'Marco'), kid('giulia', 'Giulia')];
    const item = (id: string, payment: string, seconds: number, price: number) => ({
      season,
      family_id: 'family-rossi',
      plan: saldo.plan,
      note: '' as const,
      price,
      created_at: at(seconds),
      payment_id: payment,
      son_info: { id, name: id, surname: 'Rossi' },
    });
    const payment = (id: string, status: PaymentStatus, total: number) => ({
      id,
      season,
      order_id: id,
      family_id: 'family-rossi',
      family_surname: 'Rossi',
      status,
      total_amount: total,
      refunded_amount: 0,
    });
    const orderItems = [item('marco', 'p1', 1, 180), item('giulia', 'p2', 2, 155)];
    const payments = [payment('p1', PAYMENT_STATUS.cancelled, 180), payment('p2', PAYMENT_STATUS.confirmed, 155)];
    const catalogue = seedCatalogue();
    const dues = familyDues({ season, catalogue, children, orderItems, payments });
    expect([...(dues.get('family-rossi') ?? [])]).toEqual([['campo-saldo', 25]]);
    const rows = buildEnrolmentRows({ season, startsAt: at(0), catalogue, children, orderItems, payments }, dues);
    expect(rows.map((row) => [row.name, productLabel(row.products['campo-saldo']!)])).toEqual([
      ['Giulia', 'Pagato; famiglia: da saldare 25,00 €'],
      ['Marco', 'Non pagato'],
    ]);
    const reduced = familyDues({
      season,
      catalogue,
      children,
      orderItems,
      payments,
      reductions: new Map([['family-rossi', new Map([['campo-saldo', { kind: 'amount' as const, value: 25 }]])]]),
    });
    expect(reduced.size).toBe(0);
  });

  it("says beside 'da saldare' what of a product paid in rate is overdue, so a rata to come does not read as a debt", async () => {
    const { buildEnrolmentRows } = await import('@domain/enrolment/enrolment-status');
    const { familyDues, overdueInstalmentDues } = await import('@domain/enrolment/family-dues');
    const { productLabel } = await import('@domain/enrolment/enrolment-labels');
    const season = 2100;
    const at = (seconds: number) => new Date(seconds * 1000);
    const marco = {
      ...child('marco'),
      name: 'Marco',
      family_id: 'family-rossi',
      medical_doc: '',
      medical_forms: [],
      archived_at: null,
      updated_at: at(0),
    };
    // The T-shirt, 100 € in three rate (33,34 at ordering, 33,33 by 15 March, 33,33 by 15 May); Marco paid the first.
    const maglietta = {
      ...findProduct(seedCatalogue(), 'maglietta')!,
      price: { euros: 100 },
      instalments: { due: [null, '2100-03-15', '2100-05-15'] },
    };
    const catalogue = [maglietta];
    const orderItems = [
      {
        season,
        family_id: 'family-rossi',
        plan: maglietta.plan,
        note: 'M' as const,
        price: 33.34,
        created_at: at(1),
        payment_id: 'p1',
        son_info: { id: 'marco', name: 'Marco', surname: 'Rossi' },
      },
    ];
    const payments = [
      {
        id: 'p1',
        season,
        order_id: 'p1',
        family_id: 'family-rossi',
        family_surname: 'Rossi',
        status: PAYMENT_STATUS.confirmed,
        total_amount: 33.34,
        refunded_amount: 0,
      },
    ];
    const source = { season, catalogue, children: [marco], orderItems, payments };
    const label = (today: string) => {
      const rows = buildEnrolmentRows({ ...source, startsAt: at(0) }, familyDues(source), overdueInstalmentDues(source, today));
      return productLabel(rows[0]!.products.maglietta!);
    };
    expect(label('2100-03-01')).toBe('Pagato (M); famiglia: da saldare 66,66 € (nessuna rata scaduta)');
    expect(label('2100-03-16')).toBe('Pagato (M); famiglia: da saldare 66,66 € (rate scadute: 33,33 €)');
    expect(label('2100-06-01')).toBe('Pagato (M); famiglia: da saldare 66,66 € (rate scadute: 66,66 €)');
  });
});

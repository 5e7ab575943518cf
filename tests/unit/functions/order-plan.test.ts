import { describe, expect, it } from 'vitest';
import { namesOfPlan } from '@domain/catalogue/season-catalogue';
import { PLAN } from '@domain/catalogue/seed';
import { HeldProductError, itemIdsOf, orderDocuments, orderOutcome, type OrderToPlan } from '../../../netlify/lib/orders/order-plan';

/** A card order of Marco's and Giulia's Saldo: 180 € and 155 €. */
const ORDER: OrderToPlan = {
  orderId: 'pi_1',
  familyId: 'family-rossi',
  product: { plan: PLAN.campSaldo, names: namesOfPlan(PLAN.campSaldo) },
  method: 'Online',
  status: 'Confermato',
  season: 2025,
  whenHeld: 'record-to-verify',
  lines: [
    { child: { id: 'marco', name: 'Marco', surname: 'Rossi' }, plan: PLAN.campSaldo, size: '', priceEuros: 180 },
    { child: { id: 'giulia', name: 'Giulia', surname: 'Rossi' }, plan: PLAN.campSaldo, size: '', priceEuros: 155, priceNote: '2° figlio' },
  ],
  parentId: 'parent-rossi',
  serviceFeeEuros: 6.5,
};

const stripeState = (refunded: number, dispute: 'open' | 'won' | 'lost' | null = null) => ({
  id: 'pi_1',
  charged_amount: 341.5,
  refunded_amount: refunded,
  dispute,
  dispute_event_created: 0,
  refund_report_created: 1,
  failed_refunds: {},
  debit_failed_at: 0,
  updated_at: new Date(),
});

describe("the order's outcome", () => {
  it('records the status asked when no child holds the product and Stripe reported nothing', () => {
    expect(orderOutcome(ORDER, [false, false], null)).toEqual({
      heldLines: [],
      recordedStatus: 'Confermato',
      card: null,
      status: 'Confermato',
    });
  });

  it("refuses a Bonifico when a child holds the product, naming the child; records a card payment 'Da Verificare'", () => {
    expect(() => orderOutcome({ ...ORDER, whenHeld: 'refuse' }, [false, true], null)).toThrow(HeldProductError);
    try {
      orderOutcome({ ...ORDER, whenHeld: 'refuse' }, [false, true], null);
    } catch (error) {
      expect((error as HeldProductError).names).toEqual(['Giulia']);
    }
    expect(orderOutcome(ORDER, [false, true], null)).toMatchObject({ recordedStatus: 'Da Verificare', status: 'Da Verificare' });
  });

  it('takes what Stripe reported before the order was recorded: a full refund, a dispute', () => {
    expect(orderOutcome(ORDER, [false, false], stripeState(341.5)).status).toBe('Rimborsato');
    expect(orderOutcome(ORDER, [false, false], stripeState(0, 'open')).status).toBe('Contestato');
    expect(orderOutcome(ORDER, [false, false], stripeState(50))).toMatchObject({ status: 'Confermato', card: { refunded_amount: 50 } });
  });

  it("records a debit 'In elaborazione', held lines included, or 'Non riuscito' when Stripe reported its failure at or after the processing", () => {
    const debit = { ...ORDER, status: 'In elaborazione' as const, processingAt: 1000 };
    expect(orderOutcome(debit, [false, true], null)).toMatchObject({ recordedStatus: 'In elaborazione', status: 'In elaborazione' });
    expect(orderOutcome(debit, [false, false], { ...stripeState(0), debit_failed_at: 999 }).status).toBe('In elaborazione');
    expect(orderOutcome(debit, [false, false], { ...stripeState(0), debit_failed_at: 1000 }).status).toBe('Non riuscito');
    expect(orderOutcome(debit, [false, false], { ...stripeState(0), debit_failed_at: 4000 })).toMatchObject({
      recordedStatus: 'Non riuscito',
      status: 'Non riuscito',
    });
  });
});

describe("the order's documents", () => {
  const fresh = (() => {
    let next = 0;
    return () => `fresh-${++next}`;
  })();

  it('puts each line on its season id, a held line and every line of a payment that holds nothing on a fresh one', () => {
    const seasonIds = ['2025_campo-saldo_marco', '2025_campo-saldo_giulia'];
    expect(itemIdsOf(orderOutcome(ORDER, [false, false], null), seasonIds, [false, false], fresh)).toEqual(seasonIds);
    expect(itemIdsOf(orderOutcome(ORDER, [false, true], null), seasonIds, [false, true], fresh)).toEqual([seasonIds[0], 'fresh-1']);
    expect(itemIdsOf(orderOutcome(ORDER, [false, false], stripeState(341.5)), seasonIds, [false, false], fresh)).toEqual([
      'fresh-2',
      'fresh-3',
    ]);
    const failedDebit = orderOutcome({ ...ORDER, status: 'In elaborazione', processingAt: 1 }, [false, false], {
      ...stripeState(0),
      debit_failed_at: 2,
    });
    expect(itemIdsOf(failedDebit, seasonIds, [false, false], fresh)).toEqual(['fresh-4', 'fresh-5']);
  });

  it("writes the lines under the spec's field names, the payment with the plan and a copy of the lines, and answers the order", () => {
    const outcome = orderOutcome(ORDER, [false, false], null);
    const documents = orderDocuments(
      ORDER,
      outcome,
      { itemIds: ['i1', 'i2'], paymentId: 'p1', reference: null },
      { surname: 'De Rossi' },
      { receipt: { number: '2025/7' }, creditNotes: null },
      'NOW',
    );
    expect(documents.items[1]).toEqual({
      id: 'i2',
      created_at: 'NOW',
      season: 2025,
      family_id: 'family-rossi',
      payment_id: 'p1',
      note: '',
      plan: PLAN.campSaldo,
      son_info: { id: 'giulia', name: 'Giulia', surname: 'Rossi' },
      price: 155,
    });
    expect(documents.payment).toMatchObject({
      id: 'p1',
      plan: PLAN.campSaldo,
      surname_key: 'derossi',
      total_amount: 335,
      status: 'Confermato',
      receipt: { number: '2025/7' },
      lines: [
        { item_id: 'i1', child_id: 'marco', name: 'Marco', surname: 'Rossi', note: '', price: 180 },
        { item_id: 'i2', child_id: 'giulia', name: 'Giulia', surname: 'Rossi', note: '', price: 155 },
      ],
    });
    expect(documents.order).toEqual({
      id: 'pi_1',
      created_at: 'NOW',
      season: 2025,
      family_id: 'family-rossi',
      order_items: ['i1', 'i2'],
      payment_id: 'p1',
    });
    expect(documents.reference).toBeNull();
    expect(documents.recorded).toMatchObject({ orderId: 'pi_1', totalEuros: 335, receiptNumber: '2025/7', reference: null });
    expect(documents.recorded.lines.map((line) => line.itemId)).toEqual(['i1', 'i2']);
  });
});

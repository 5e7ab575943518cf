import { describe, expect, it } from 'vitest';
import adminCancelOrder from '../../../netlify/functions/admin-cancel-order';
import adminRefund from '../../../netlify/functions/admin-refund';
import { applyCardEvent } from '../../../netlify/lib/payments/stripe-refund-events';
import { fulfilPayment } from '../../../netlify/lib/payments/fulfil-payment';
import { orderMetadata } from '../../../netlify/lib/orders/order-metadata';
import { succeededPaymentIntent } from '../../support/paid-intent';
import { checkSeasonTotals } from '../../../netlify/lib/season/season-totals';
import { changeTransferConfirmation } from '../../../netlify/lib/payments/transfer-confirmation';
import { SEASON } from '@config/season';
import { onlineTotal } from '@domain/payments/service-fee';
import { adminFunctionTestbed } from '../../support/admin-function';
import { browserRequest, functionContext } from '../../support/function-context';

/**
 * The season's totals kept in `season_totals` (src/domain/season/season-totals.ts):
 * recording, confirming, cancelling and refunding payments keep them equal
 * to what the payments say, and the summary reads one document.
 */

const PROJECT = 'demo-season-totals';
const testbed = adminFunctionTestbed(PROJECT, adminCancelOrder, 'admin-cancel-order');
const db = () => testbed.db();
const YEAR = SEASON.campYear;
const actor = { uid: 'u', email: 'tesoriere@example.com' };
const mail = { siteUrl: 'http://localhost' };

const kept = async () => (await db().collection('season_totals').doc(String(YEAR)).get()).get('rows') as Record<string, unknown>;
const keptContributions = async () =>
  ((await db().collection('season_totals').doc(String(YEAR)).get()).get('contributions') ?? {}) as Record<string, unknown>;

async function call(handler: typeof adminRefund, body: unknown) {
  const response = await handler(
    browserRequest('http://localhost/.netlify/functions/x', {
      method: 'POST',
      headers: { authorization: `Bearer ${testbed.tokens.treasurer}` },
      body: JSON.stringify(body),
    }),
    functionContext(),
  );
  return response.status;
}

const rossiTshirtByCard = (id: string) =>
  fulfilPayment(
    db(),
    succeededPaymentIntent(id, onlineTotal(15).totalCents, {
      ...orderMetadata('family-rossi', 'parent-rossi-mario', 'maglietta', [{ id: 'son-rossi-luca', size: 'S' }], true),
    }),
    'test',
    mail,
  );

describe('season totals', () => {
  it('start exact on the demo data', async () => {
    const check = await checkSeasonTotals(db(), YEAR);
    expect(check.differences).toEqual([]);
    expect(check.payments).toBeGreaterThan(0);
    expect(await kept()).toMatchObject({ 'Bonifico|Maglietta Gruppo|Da Verificare': { count: 1, total: 30 } });
  });

  it('stay exact through a card payment, a confirmation and its undo, a cancellation, a refund by transfer and one by Stripe', async () => {
    await rossiTshirtByCard('pi_totals_card');
    expect(await kept()).toMatchObject({ 'Online|Maglietta Gruppo|Confermato': { count: 2, total: 45 } });

    await changeTransferConfirmation(db(), { paymentId: 'payment-order-verdi-magliette', action: 'confirm', actor, mail });
    await changeTransferConfirmation(db(), { paymentId: 'payment-order-verdi-magliette', action: 'unconfirm', actor, mail });
    await changeTransferConfirmation(db(), { paymentId: 'payment-order-verdi-magliette', action: 'confirm', actor, mail });
    expect(await kept()).toMatchObject({
      'Bonifico|Maglietta Gruppo|Da Verificare': { count: 0, total: 0 },
      'Bonifico|Maglietta Gruppo|Confermato': { count: 1, total: 30 },
    });

    const refund = {
      paymentId: 'payment-order-verdi-magliette',
      amountEuros: 30,
      idempotencyKey: crypto.randomUUID(),
      transferDate: `${YEAR}-06-01`,
    };
    // The same refund twice at once: refunded and counted once.
    expect(await Promise.all([call(adminRefund, refund), call(adminRefund, refund)])).toEqual([200, 200]);
    expect(await kept()).toMatchObject({ 'Bonifico|Maglietta Gruppo|Rimborsato': { count: 1, total: 30 } });

    const cardOrder = await db().collection('orders').doc('pi_totals_card').get();
    await applyCardEvent(
      db(),
      {
        eventId: 'evt_totals',
        eventCreated: 1,
        paymentIntentId: cardOrder.id,
        chargedEuros: 15.55,
        refundedEuros: 15.55,
      },
      mail,
    );
    expect(await kept()).toMatchObject({ 'Online|Maglietta Gruppo|Rimborsato': { count: 1, total: 15 } });

    expect((await checkSeasonTotals(db(), YEAR)).differences).toEqual([]);
  });

  it('stay exact through a cancellation pressed twice at once', async () => {
    const body = { paymentId: 'payment-order-verdi-magliette', reason: 'Ordine doppio' };
    await Promise.all([testbed.call(body), testbed.call(body)]);
    expect(await kept()).toMatchObject({ 'Bonifico|Maglietta Gruppo|Annullato': { count: 1, total: 30 } });
    expect((await checkSeasonTotals(db(), YEAR)).differences).toEqual([]);
  });

  it("count a card payment's 'Contributo al fondo di solidarietà' apart from the product, twice at once once, and move it with a full refund", async () => {
    const paid = onlineTotal(15 + 12.5);
    const payment = succeededPaymentIntent('pi_totals_gift', paid.totalCents, {
      ...orderMetadata('family-rossi', 'parent-rossi-mario', 'maglietta', [{ id: 'son-rossi-luca', size: 'S' }], true, 12.5),
    });
    // The webhook and the success page's record-payment at the same moment: recorded and counted once.
    await Promise.all([fulfilPayment(db(), payment, 'test', mail), fulfilPayment(db(), payment, 'test', mail)]);
    // The demo's card T-shirt (30 €) and this one's 15 €: the 12,50 € are not in the product's euros.
    expect(await kept()).toMatchObject({ 'Online|Maglietta Gruppo|Confermato': { count: 2, total: 45 } });
    expect(await keptContributions()).toEqual({ 'Online|Maglietta Gruppo|Confermato': { count: 1, total: 12.5 } });

    // A partial refund of the line leaves the payment, and its contribution, where they are.
    const event = { eventId: 'evt_totals_gift_part', eventCreated: 1, paymentIntentId: payment.id, chargedEuros: paid.totalCents / 100 };
    await applyCardEvent(db(), { ...event, refundedEuros: 15 }, mail);
    expect(await keptContributions()).toEqual({ 'Online|Maglietta Gruppo|Confermato': { count: 1, total: 12.5 } });
    await applyCardEvent(db(), { ...event, eventId: 'evt_totals_gift_full', eventCreated: 2, refundedEuros: paid.totalCents / 100 }, mail);
    expect(await kept()).toMatchObject({ 'Online|Maglietta Gruppo|Rimborsato': { count: 1, total: 15 } });
    expect(await keptContributions()).toEqual({
      'Online|Maglietta Gruppo|Confermato': { count: 0, total: 0 },
      'Online|Maglietta Gruppo|Rimborsato': { count: 1, total: 12.5 },
    });
    expect((await checkSeasonTotals(db(), YEAR)).differences).toEqual([]);
  });

  it('are reported and repaired when they drift', async () => {
    await db()
      .collection('season_totals')
      .doc(String(YEAR))
      .set({ season: YEAR, rows: { 'Online|Felpa Reparto|Confermato': { count: 9, total: 9 } } });
    await rossiTshirtByCard('pi_totals_drift');
    await db()
      .collection('season_totals')
      .doc(String(YEAR))
      .set({ contributions: { 'Online|Maglietta Gruppo|Confermato': { count: 1, total: 5 } } }, { merge: true });
    const drift = await checkSeasonTotals(db(), YEAR, true);
    expect(drift.differences).toContain('Online|Felpa Reparto|Confermato: 9 / 9 € kept, 0 / 0 € counted');
    expect(drift.differences).toContain('Contributi solidarietà: Online|Maglietta Gruppo|Confermato: 1 / 5 € kept, 0 / 0 € counted');
    expect((await checkSeasonTotals(db(), YEAR)).differences).toEqual([]);
  });
});

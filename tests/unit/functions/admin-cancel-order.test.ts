import { describe, expect, it } from 'vitest';
import adminCancelOrder from '../../../netlify/functions/admin-cancel-order';
import { fulfilPayment } from '../../../netlify/lib/payments/fulfil-payment';
import { orderMetadata } from '../../../netlify/lib/orders/order-metadata';
import { succeededPaymentIntent } from '../../support/paid-intent';
import { onlineTotal } from '@domain/payments/service-fee';
import { adminFunctionTestbed } from '../../support/admin-function';
import { resetToDemoData } from '../../support/server-db';

/**
 * 'Annulla ordine' (docs/admin-orders.md): a Bonifico never paid is
 * cancelled, audited, its products free again, the family written to only
 * when the admin asks.
 */

const PROJECT = 'demo-cancel-order';
const VERDI_TSHIRTS = 'payment-order-verdi-magliette';
const testbed = adminFunctionTestbed(PROJECT, adminCancelOrder, 'admin-cancel-order');
const db = () => testbed.db();
const cancel = testbed.call;

const verdiTshirtsByCard = () =>
  fulfilPayment(
    db(),
    succeededPaymentIntent('pi_verdi_tshirts', onlineTotal(30).totalCents, {
      ...orderMetadata(
        'family-verdi',
        'parent-verdi-paolo',
        'maglietta',
        [
          { id: 'son-verdi-andrea', size: 'M' },
          { id: 'son-verdi-chiara', size: 'S' },
        ],
        true,
      ),
    }),
    'test',
    { siteUrl: 'http://localhost' },
  );

const mailsOfKind = async (kind: string) => (await db().collection('mail').where('kind', '==', kind).get()).docs.map((doc) => doc.data());

describe('admin-cancel-order', () => {
  it("cancels Verdi's T-shirt transfer: 'Annullato', audited, no e-mail; Andrea's and Chiara's T-shirts are then paid by card, 'Confermato'", async () => {
    const before = await verdiTshirtsByCard();
    expect(before.order.status).toBe('Da Verificare');

    await resetToDemoData(db(), PROJECT);
    expect(await cancel({ paymentId: VERDI_TSHIRTS, reason: 'La famiglia paga con carta' })).toEqual({
      status: 200,
      body: { status: 'Annullato', changed: true },
    });
    const payment = (await db().collection('payments').doc(VERDI_TSHIRTS).get()).data();
    expect(payment).toMatchObject({
      status: 'Annullato',
      cancel_reason: 'La famiglia paga con carta',
      history: [expect.objectContaining({ action: 'payment.cancel', by: 'tesoriere@example.com', note: 'La famiglia paga con carta' })],
    });
    const audit = (await db().collection('audit_log').where('action', '==', 'payment.cancel').get()).docs.map((doc) => doc.data());
    expect(audit).toHaveLength(1);
    expect(audit[0]?.summary).toBe('Ordine annullato: famiglia Verdi, Maglietta Gruppo, 30,00 € (La famiglia paga con carta)');
    expect(await mailsOfKind('order-cancelled')).toEqual([]);

    const paid = await verdiTshirtsByCard();
    expect(paid.order).toMatchObject({ status: 'Confermato', totalEuros: 30 });
  });

  it('writes to the family when asked, once, even when two admins cancel at the same moment', async () => {
    const body = { paymentId: VERDI_TSHIRTS, reason: 'Ordine doppio', notifyFamily: true };
    const answers = await Promise.all([cancel(body), cancel(body)]);
    expect(answers.map((answer) => answer.body.changed).sort()).toEqual([false, true]);
    const mails = await mailsOfKind('order-cancelled');
    expect(mails).toHaveLength(1);
    expect([...(mails[0]?.to as string[])].sort()).toEqual(['elena.verdi@example.com', 'paolo.verdi@example.com']);
    expect(mails[0]?.text).toContain('Motivo: Ordine doppio');
    expect((await db().collection('audit_log').where('action', '==', 'payment.cancel').get()).size).toBe(1);
  });

  it('refuses a confirmed transfer, a missing reason, an unknown payment and a browser without the admin claim, changing nothing', async () => {
    expect(await cancel({ paymentId: 'payment-order-esposito-2024-acconto', reason: 'prova' })).toEqual({
      status: 409,
      body: { error: 'Si annulla solo un bonifico Da Verificare: questo pagamento è Confermato.' },
    });
    expect(await cancel({ paymentId: 'payment-order-bianchi-2025-acconto', reason: 'prova' })).toEqual({
      status: 409,
      body: { error: 'Un pagamento con carta non si annulla: usa «Rimborsa».' },
    });
    expect(await cancel({ paymentId: VERDI_TSHIRTS, reason: ' ' })).toMatchObject({ status: 400 });
    expect(await cancel({ paymentId: 'nessuno', reason: 'prova' })).toMatchObject({ status: 404 });
    expect((await cancel({ paymentId: VERDI_TSHIRTS, reason: 'prova' }, testbed.tokens.parent)).status).toBe(403);
    expect((await db().collection('payments').doc(VERDI_TSHIRTS).get()).get('status')).toBe('Da Verificare');
    expect((await db().collection('audit_log').get()).size).toBe(0);
  });
});

import { randomUUID } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminCancelOrder from '../../../netlify/functions/admin-cancel-order';
import adminReminders from '../../../netlify/functions/admin-reminders';
import createOrder from '../../../netlify/functions/create-order';
import createPaymentIntent from '../../../netlify/functions/create-payment-intent';
import lookupFamily from '../../../netlify/functions/lookup-family';
import { applyCardEvent } from '../../../netlify/lib/payments/stripe-refund-events';
import { fulfilPayment } from '../../../netlify/lib/payments/fulfil-payment';
import { eurosToCents } from '@domain/money';
import { adminFunctionTestbed } from '../../support/admin-function';
import { onlyEmulatorUnhandled } from '../../support/server-db';
import { browserRequest, functionContext } from '../../support/function-context';
import { postAsParent } from '../../support/family-session';

/**
 * A family's balance end to end (docs/product.md, "A family's balance"):
 * the sibling sequence that used to save a family 25 € (Marco's Saldo by
 * transfer, Giulia's by card as the second child, Marco's cancelled)
 * leaves 25,00 € due, and Marco's Saldo ordered again costs 180 €.
 */

const PROJECT = 'demo-family-balance';
const SECRET = 'sk_test_family_balance_dummy';
const ROSSI = 'RSSMRA80C12H501E';
const testbed = adminFunctionTestbed(PROJECT, adminCancelOrder, 'admin-cancel-order');
const db = () => testbed.db();

/** The PaymentIntents Stripe was asked to create: their amount in cents and their metadata. */
let intents: Array<{ id: string; amount: number; metadata: Record<string, string> }> = [];
const stripe = setupServer(
  http.post('https://api.stripe.com/v1/payment_intents', async ({ request }) => {
    const params = new URLSearchParams(await request.text());
    const metadata = Object.fromEntries(
      [...params.entries()].filter(([key]) => key.startsWith('metadata[')).map(([key, value]) => [key.slice(9, -1), value]),
    );
    const id = `pi_balance_${intents.length + 1}`;
    intents.push({ id, amount: Number(params.get('amount')), metadata });
    return HttpResponse.json({ id, object: 'payment_intent', client_secret: `${id}_secret_abc`, status: 'requires_payment_method' });
  }),
);
beforeAll(() => stripe.listen({ onUnhandledRequest: onlyEmulatorUnhandled }));
afterAll(() => stripe.close());
beforeEach(() => {
  vi.stubEnv('STRIPE_SECRET_KEY', SECRET);
  vi.stubEnv('STRIPE_MAX_AMOUNT_CENTS', '');
  intents = [];
});
afterEach(() => vi.unstubAllEnvs());

const post = postAsParent;
const saldo = (childId: string, extra: Record<string, unknown> = {}) => ({
  cf: ROSSI,
  product: 'campo-saldo',
  children: [{ id: childId }],
  idempotencyKey: randomUUID(),
  ...extra,
});
const rossiSaldoBalance = async () => {
  const { body } = await post(lookupFamily, 'lookup-family', { cf: ROSSI });
  return (body.balances as Array<{ product: string; dueEuros: number }>).find((balance) => balance.product === 'campo-saldo');
};

/** Giulia's Saldo paid by card: the PaymentIntent create-payment-intent made, recorded as the webhook records it. */
async function payByCard(childId: string, extra: Record<string, unknown> = {}) {
  const answer = await post(createPaymentIntent, 'create-payment-intent', saldo(childId, extra));
  expect(answer.status).toBe(200);
  const intent = intents.at(-1)!;
  expect(intent.amount).toBe(eurosToCents(answer.body.totalEuros as number));
  const paid = await fulfilPayment(
    db(),
    { id: intent.id, status: 'succeeded', amount_received: intent.amount, currency: 'eur', metadata: intent.metadata },
    'test',
    { siteUrl: 'http://localhost' },
  );
  return { answer: answer.body, order: paid.order };
}

describe("a family's balance", () => {
  it('ends the gamed sibling sequence with 25,00 € due, and prices Marco again at 180 €', async () => {
    const marco = await post(createOrder, 'create-order', saldo('son-rossi-marco'));
    expect(marco).toMatchObject({ status: 201, body: { totalEuros: 180 } });

    const giulia = await payByCard('son-rossi-giulia');
    expect(giulia.answer.amountEuros).toBe(155);
    expect(giulia.order).toMatchObject({ status: 'Confermato', totalEuros: 155 });
    expect(await rossiSaldoBalance()).toMatchObject({ dueEuros: 0 });

    const marcoPayment = (await db().collection('payments').where('order_id', '==', marco.body.orderId).get()).docs[0]!.id;
    expect(await testbed.call({ paymentId: marcoPayment, reason: 'Pagherà con carta' })).toMatchObject({ status: 200 });
    expect(await rossiSaldoBalance()).toMatchObject({ dueEuros: 25 });
    // The Saldo's reminder asks the Rossi family for the 25,00 € due (Marco, without the Acconto, is not reminded of the Saldo).
    const reminders = await adminReminders(
      browserRequest('http://localhost/.netlify/functions/admin-reminders', {
        method: 'POST',
        headers: { authorization: `Bearer ${testbed.tokens.treasurer}` },
        body: JSON.stringify({ product: 'campo-saldo', action: 'send' }),
      }),
      functionContext(),
    );
    expect(reminders.status).toBe(200);
    const mail = (await db().collection('mail').where('kind', '==', 'reminder').where('family_id', '==', 'family-rossi').get()).docs[0];
    expect(mail?.get('text')).toContain('Differenza da saldare: 25,00 €');
    expect(mail?.get('text')).toContain('Totale da Pagare: 25,00 €');

    const again = await post(createOrder, 'create-order', saldo('son-rossi-marco'));
    expect(again).toMatchObject({ status: 201, body: { totalEuros: 180, lines: [expect.objectContaining({ priceEuros: 180 })] } });
    expect(await rossiSaldoBalance()).toMatchObject({ dueEuros: 0 });
  });

  it("never counts the 'Contributo al fondo di solidarietà' as paid for the product: not before a refund, not after one", async () => {
    const marco = await payByCard('son-rossi-marco', { solidarityContributionEuros: 50 });
    expect(marco.answer).toMatchObject({ amountEuros: 180, contributionEuros: 50 });
    expect(marco.order).toMatchObject({ status: 'Confermato', totalEuros: 180 });
    // Giulia is the second child at 155 €: the 50 € given to the fund do not pay any of it.
    const giulia = await payByCard('son-rossi-giulia');
    expect(giulia.answer).toMatchObject({ amountEuros: 155, contributionEuros: 0 });
    expect(await rossiSaldoBalance()).toMatchObject({ dueEuros: 0 });

    // Stripe refunds Marco's 180 €: the contribution stays with the group, and Marco's Saldo is owed again in full.
    const marcoIntent = intents[0]!;
    await applyCardEvent(
      db(),
      {
        eventId: 'evt_balance_gift',
        eventCreated: 1,
        paymentIntentId: marcoIntent.id,
        chargedEuros: marcoIntent.amount / 100,
        refundedEuros: 180,
      },
      { siteUrl: 'http://localhost' },
    );
    const payment = (await db().collection('payments').where('order_id', '==', marcoIntent.id).get()).docs[0]!.data();
    expect(payment).toMatchObject({ status: 'Confermato', refunded_amount: 180, solidarity_contribution: 50 });
    expect(await rossiSaldoBalance()).toMatchObject({ dueEuros: 180 });
  });

  it('charges the second child 155 € by card whatever price or amount the request carries', async () => {
    await post(createOrder, 'create-order', saldo('son-rossi-marco'));
    const giulia = await payByCard('son-rossi-giulia', { amountEuros: 1, priceEuros: 1, totalEuros: 1 });
    expect(giulia.answer.amountEuros).toBe(155);
  });
});

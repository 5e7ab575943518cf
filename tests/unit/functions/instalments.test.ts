import { randomUUID } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminSeasonSettings from '../../../netlify/functions/admin-season-settings';
import createOrder from '../../../netlify/functions/create-order';
import createPaymentIntent from '../../../netlify/functions/create-payment-intent';
import lookupFamily from '../../../netlify/functions/lookup-family';
import { fulfilPayment } from '../../../netlify/lib/payments/fulfil-payment';
import { readReminderPlan } from '../../../netlify/lib/reminders/payment-reminders';
import { catalogueOf, forgetSeasonSettings, readSeasonSettings } from '../../../netlify/lib/season/season-settings';
import { SEASON } from '@config/season';
import { findProduct } from '@domain/catalogue/product';
import { onlineTotal } from '@domain/payments/service-fee';
import { adminFunctionTestbed } from '../../support/admin-function';
import { onlyEmulatorUnhandled } from '../../support/server-db';
import { postAsParent } from '../../support/family-session';

/**
 * Instalments end to end (docs/product.md, "Instalments"): the treasurer
 * sets three rate on the Maglietta (100 € a child for the test), the Rossi
 * family orders Marco's by Bonifico and is asked only the first rata, the
 * lookup answers the rate, the second is paid by card at exactly its
 * amount, and the reminders name it only once its day is past.
 */

const PROJECT = 'demo-instalments';
const SECRET = 'sk_test_instalments_dummy';
const ROSSI = 'RSSMRA80C12H501E';
const YEAR = SEASON.campYear;
const PLAN = { due: [null, `${YEAR}-03-15`, `${YEAR}-05-15`] };
const testbed = adminFunctionTestbed(PROJECT, adminSeasonSettings, 'admin-season-settings');
const db = () => testbed.db();

let intents: Array<{ id: string; amount: number; metadata: Record<string, string>; key: string | null }> = [];
const stripe = setupServer(
  http.post('https://api.stripe.com/v1/payment_intents', async ({ request }) => {
    const params = new URLSearchParams(await request.text());
    const metadata = Object.fromEntries(
      [...params.entries()].filter(([key]) => key.startsWith('metadata[')).map(([key, value]) => [key.slice(9, -1), value]),
    );
    const id = `pi_rata_${intents.length + 1}`;
    intents.push({ id, amount: Number(params.get('amount')), metadata, key: request.headers.get('idempotency-key') });
    return HttpResponse.json({ id, object: 'payment_intent', client_secret: `${id}_secret_abc`, status: 'requires_payment_method' });
  }),
);
beforeAll(() => stripe.listen({ onUnhandledRequest: onlyEmulatorUnhandled }));
afterAll(() => stripe.close());
beforeEach(() => {
  vi.stubEnv('STRIPE_SECRET_KEY', SECRET);
  vi.stubEnv('STRIPE_MAX_AMOUNT_CENTS', '');
  vi.spyOn(console, 'info').mockImplementation(() => {});
  intents = [];
  forgetSeasonSettings();
});
afterEach(() => vi.unstubAllEnvs());

const post = postAsParent;
const maglietta = (extra: Record<string, unknown> = {}) => ({
  cf: ROSSI,
  product: 'maglietta',
  children: [{ id: 'son-rossi-marco', size: 'M' }],
  idempotencyKey: randomUUID(),
  ...extra,
});
type Rata = { number: number; amountEuros: number; dueEuros: number; dueOn: string | null; state: string; overdue: boolean };
const rossiRate = async () => {
  const { body } = await post(lookupFamily, 'lookup-family', { cf: ROSSI });
  const balance = (body.balances as Array<{ product: string; instalments?: Rata[] }>).find((entry) => entry.product === 'maglietta');
  return balance?.instalments ?? [];
};
const setPlan = () => testbed.call({ action: 'update', prices: { maglietta: { euros: 100 } }, instalments: { maglietta: PLAN } });
const rossiReminder = async (day: string) => {
  const settings = await readSeasonSettings(db(), YEAR);
  const catalogue = catalogueOf(settings);
  const plan = await readReminderPlan(
    db(),
    YEAR,
    { product: findProduct(catalogue, 'maglietta')!, catalogue },
    new Date(`${day}T12:00:00+02:00`),
  );
  return plan.families.find((family) => family.familyId === 'family-rossi');
};

describe('instalments', () => {
  it('are set by the treasurer on a product, audited, and refused on the camp or with days out of order or out of the season', async () => {
    const set = await setPlan();
    expect(set).toMatchObject({ status: 200, body: { instalments: { maglietta: PLAN } } });
    const audit = (await db().collection('audit_log').where('action', '==', 'settings.update').get()).docs.map((doc) => doc.data());
    expect(audit).toHaveLength(1);
    expect(audit[0]?.summary).toContain(`rate maglietta da «nessuna rata» a «3 rate: all’ordine, 15/03/${YEAR}, 15/05/${YEAR}»`);

    const refused = [
      { 'campo-saldo': PLAN },
      { maglietta: { due: [null, `${YEAR}-05-15`, `${YEAR}-03-15`] } },
      { maglietta: { due: [null, `${YEAR}-10-15`] } },
      { maglietta: { due: [null] } },
    ];
    const answers = await Promise.all(refused.map((instalments) => testbed.call({ action: 'update', instalments })));
    expect(answers.map((answer) => [answer.status, answer.body.error])).toEqual([
      [400, 'Le rate valgono per un prodotto della stagione, non per il campo: «campo-saldo» non lo è.'],
      [400, expect.stringContaining('vanno in ordine')],
      [400, `Rate: Le scadenze delle rate sono tra il 01/10/${YEAR - 1} e il 30/09/${YEAR}.`],
      [400, expect.stringContaining('da 2 a 4')],
    ]);
    expect((await db().collection('audit_log').where('action', '==', 'settings.update').get()).size).toBe(1);
  });

  it('charge the first rata of a Bonifico order, answer the rate, and the second by card at exactly its amount', async () => {
    expect((await setPlan()).status).toBe(200);
    const order = await post(createOrder, 'create-order', maglietta({ totalEuros: 100, priceEuros: 1 }));
    expect(order).toMatchObject({ status: 201, body: { totalEuros: 33.34, lines: [expect.objectContaining({ priceEuros: 33.34 })] } });

    const rate = await rossiRate();
    expect(rate.map(({ number, amountEuros, state, dueOn }) => ({ number, amountEuros, state, dueOn }))).toEqual([
      { number: 1, amountEuros: 33.34, state: 'toVerify', dueOn: null },
      { number: 2, amountEuros: 33.33, state: 'due', dueOn: `${YEAR}-03-15` },
      { number: 3, amountEuros: 33.33, state: 'due', dueOn: `${YEAR}-05-15` },
    ]);

    // 'Paga la rata' by card, with a solidarity contribution: an amount in the request is dropped, the server charges
    // the rata and the contribution, kept apart from it.
    const request = maglietta({ children: [{ id: 'son-rossi-marco' }], instalment: true, amountEuros: 1, solidarityContributionEuros: 5 });
    const [first, again] = await Promise.all([
      post(createPaymentIntent, 'create-payment-intent', request),
      post(createPaymentIntent, 'create-payment-intent', request),
    ]);
    const settings = await readSeasonSettings(db(), YEAR);
    const expected = onlineTotal(38.33, settings.cardFee);
    expect(first).toMatchObject({ status: 200, body: { amountEuros: 33.33, totalEuros: expected.totalEuros } });
    // Two taps ask Stripe with one idempotency key: one PaymentIntent.
    expect(again.status).toBe(200);
    expect(intents).toHaveLength(2);
    expect(intents[0]?.key).toBe(intents[1]?.key);
    const intent = intents.at(-1)!;
    expect(intent.amount).toBe(expected.totalCents);
    expect(intent.metadata.instalment).toBe('1');
    const paid = await fulfilPayment(
      db(),
      { id: intent.id, status: 'succeeded', amount_received: intent.amount, currency: 'eur', metadata: intent.metadata },
      'test',
      { siteUrl: 'http://localhost' },
    );
    expect(paid.order).toMatchObject({ status: 'Confermato', totalEuros: 33.33 });
    const paidOrder = await db().collection('orders').doc(paid.order.orderId).get();
    const payment = await db()
      .collection('payments')
      .doc(String(paidOrder.get('payment_id')))
      .get();
    expect(payment.get('solidarity_contribution')).toBe(5);
    expect((await rossiRate()).map((rata) => rata.state)).toEqual(['toVerify', 'paid', 'due']);

    // A Bonifico of the last rata; then nothing is left to pay.
    const last = await post(createOrder, 'create-order', maglietta({ children: [{ id: 'son-rossi-marco' }], instalment: true }));
    expect(last).toMatchObject({ status: 201, body: { totalEuros: 33.33 } });
    const none = await post(createOrder, 'create-order', maglietta({ children: [{ id: 'son-rossi-marco' }], instalment: true }));
    expect(none).toMatchObject({ status: 409, body: { error: 'Le rate di «Maglietta Gruppo» risultano già tutte pagate o in verifica.' } });
  });

  it("record one payment per rata: two 'Paga la rata' by Bonifico at once, the second is refused 409", async () => {
    expect((await setPlan()).status).toBe(200);
    expect((await post(createOrder, 'create-order', maglietta())).status).toBe(201);
    const rata = () => maglietta({ children: [{ id: 'son-rossi-marco' }], instalment: true });
    const answers = await Promise.all([post(createOrder, 'create-order', rata()), post(createOrder, 'create-order', rata())]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.error).toBe(
      'La rata 2 di «Maglietta Gruppo» è già stata registrata (pagata o in attesa di bonifico): aggiorna la pagina per vedere le rate.',
    );
    const payments = await db()
      .collection('payments')
      .where('family_id', '==', 'family-rossi')
      .where('plan', '==', 'Maglietta Gruppo')
      .get();
    expect(payments.size).toBe(2);
    expect((await rossiRate()).map(({ number, state }) => ({ number, state }))).toEqual([
      { number: 1, state: 'toVerify' },
      { number: 2, state: 'toVerify' },
      { number: 3, state: 'due' },
    ]);
  });

  it('refuse a rata for a child who does not hold the product, and a product without a plan', async () => {
    expect((await setPlan()).status).toBe(200);
    const notHolder = await post(createOrder, 'create-order', maglietta({ children: [{ id: 'son-rossi-marco' }], instalment: true }));
    expect(notHolder).toMatchObject({ status: 400, body: { error: expect.stringContaining('non risulta avere') } });
    const noPlan = await post(createOrder, 'create-order', { ...maglietta({ instalment: true }), product: 'campo-saldo' });
    expect(noPlan).toMatchObject({ status: 400, body: { error: 'Questo prodotto non si paga a rate.' } });
  });

  it('are reminded once past their day, and not before', async () => {
    expect((await setPlan()).status).toBe(200);
    const order = await post(createOrder, 'create-order', maglietta());
    expect(order.status).toBe(201);
    // The treasurer confirms the first rata's transfer: a Bonifico awaited keeps the family out of the reminders.
    const payment = (await db().collection('payments').where('order_id', '==', order.body.orderId).get()).docs[0]!;
    await payment.ref.update({ status: 'Confermato' });
    // Giulia (Clan) may buy the Maglietta too: the family is reminded of her anyway; the rata only past its day.
    const before = await rossiReminder(`${YEAR}-03-15`);
    expect(before?.instalments).toBeUndefined();
    expect(before?.dueEuros).toBe(0);
    const after = await rossiReminder(`${YEAR}-03-16`);
    expect(after?.instalments).toEqual(['Rata 2 di 3 di Maglietta Gruppo: 33,33 € entro il 15/03']);
    expect(after?.dueEuros).toBe(33.33);
  });
});

import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import createOrder from '../../../netlify/functions/create-order';
import lookupFamily from '../../../netlify/functions/lookup-family';
import { checkSeasonTotals } from '../../../netlify/lib/season/season-totals';
import { seasonItemId } from '@domain/catalogue/season-catalogue';
import { browserRequest, functionContext } from '../../support/function-context';
import { deliverStripeEvent, stripeTestbed } from '../../support/stripe-testbed';
import { sessionHeaders } from '../../support/family-session';

/**
 * Asynchronous payments (docs/data-model.md, "Asynchronous payments"): a
 * SEPA Direct Debit's signed `payment_intent.processing`, `.succeeded` and
 * `.payment_failed`, delivered twice, in both orders and at once, end the
 * same: 'In elaborazione' holds the children's products, succeeded
 * confirms with one receipt and one e-mail, failed frees them and tells
 * the family once.
 */

const PROJECT = 'demo-stripe-debits';
const WEBHOOK_SECRET = 'whsec_test_debits_dummy';
/** Rossi's Acconto for Marco and Giulia: 100 + 150 €, 254.97 € with the service fee (25497 cents). */
const CHARGED = 25497;
const METADATA = { family_id: 'family-rossi', product: 'campo-acconto', children: 'son-rossi-marco,son-rossi-giulia' };
const ROSSI_CF = 'RSSMRA80C12H501E';

let sequence = 0;
const testbed = stripeTestbed(PROJECT, { secretKey: 'sk_test_debits_dummy', webhookSecret: WEBHOOK_SECRET });
const db = () => testbed.db();

interface SignedEvent {
  payload: string;
  signature: string;
}

/** A signed event of `type` carrying `object`, created at `created` (Unix seconds). */
function signedEvent(type: string, object: Record<string, unknown>, created: number): SignedEvent {
  sequence += 1;
  const payload = JSON.stringify({
    id: `evt_debits${Date.now()}n${sequence}`,
    object: 'event',
    created,
    livemode: false,
    type,
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

/** A PaymentIntent paid by SEPA Direct Debit, as Stripe's events carry it in `status`. */
const intent = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  object: 'payment_intent',
  amount: CHARGED,
  amount_received: status === 'succeeded' ? CHARGED : 0,
  currency: 'eur',
  payment_method_types: ['card', 'sepa_debit'],
  status,
  metadata: METADATA,
  ...extra,
});

const NOW = Math.floor(Date.now() / 1000);
const processing = (id: string, created = NOW) => signedEvent('payment_intent.processing', intent(id, 'processing'), created);
const succeeded = (id: string, created = NOW + 4 * 86400) => signedEvent('payment_intent.succeeded', intent(id, 'succeeded'), created);
/** A debit's failure (the bank refused it days later), or a card's decline with `methodType` 'card'. */
const failed = (id: string, created = NOW + 5 * 86400, methodType = 'sepa_debit') =>
  signedEvent(
    'payment_intent.payment_failed',
    intent(id, 'requires_payment_method', {
      last_payment_error: {
        type: methodType === 'card' ? 'card_error' : 'invalid_request_error',
        code: methodType === 'card' ? 'card_declined' : 'payment_intent_payment_attempt_failed',
        message: 'The payment failed.',
        payment_method: { id: `pm_${id}`, object: 'payment_method', type: methodType },
      },
    }),
    created,
  );

async function deliver(event: SignedEvent) {
  const response = await deliverStripeEvent(event.payload, { secret: WEBHOOK_SECRET, signature: event.signature });
  expect(response.status).toBe(200);
  return (await response.json()) as { received: true; applied?: string; status?: string; orderId?: string };
}

/** Each event delivered twice, one after the other, in the order given. */
async function deliverTwice(...events: SignedEvent[]) {
  for (const event of events) {
    await deliver(event);
    await deliver(event);
  }
}

const newPaymentIntentId = () => `pi_debits${Date.now()}n${(sequence += 1)}`;

/** The payment recorded under the PaymentIntent's order. */
async function paymentOf(id: string) {
  const order = (await db().collection('orders').doc(id).get()).data() as { payment_id: string; order_items: string[] };
  const payment = (await db().collection('payments').doc(order.payment_id).get()).data() as {
    id: string;
    status: string;
    recorded_status: string;
    receipt: { number: string; stamp_duty?: { mode: string } } | null;
    history: Array<{ action: string; by: string }>;
    lines: Array<{ item_id: string }>;
  };
  return { order, payment };
}

/** The family's e-mails in the outbox, by kind, with the receipts they carry. */
async function rossiMail() {
  const docs = (await db().collection('mail').where('family_id', '==', 'family-rossi').get()).docs.map((doc) => doc.data());
  return docs.map((mail) => ({
    kind: mail.kind as string,
    subject: mail.subject as string,
    text: mail.text as string,
    attachments: mail.attachments,
  }));
}

const kinds = async () => (await rossiMail()).map((mail) => mail.kind).sort();

/** Whether Marco holds the season's Acconto: its season item id exists. */
async function marcoHoldsAcconto(): Promise<boolean> {
  return (
    await db()
      .collection('order_items')
      .doc(seasonItemId(2025, 'Campo Estivo - Acconto', 'son-rossi-marco'))
      .get()
  ).exists;
}

async function auditActions(paymentId: string) {
  const entries = (await db().collection('audit_log').where('target.id', '==', paymentId).get()).docs.map((doc) => doc.data());
  return entries.map((entry) => entry.action as string).sort();
}

async function expectTotalsTie() {
  expect((await checkSeasonTotals(db(), 2025)).differences).toEqual([]);
}

/** Marco's paid entries as the payment screens read them (lookup-family). */
async function marcoPaid() {
  const response = await lookupFamily(
    browserRequest('http://localhost/x', {
      method: 'POST',
      headers: await sessionHeaders({ cf: ROSSI_CF }),
      body: JSON.stringify({ cf: ROSSI_CF }),
    }),
    functionContext(),
  );
  const lookup = (await response.json()) as { children: Array<{ name: string; paid: Array<{ plan: string; status: string }> }> };
  return lookup.children.find((child) => child.name === 'Marco')?.paid.map(({ plan, status }) => ({ plan, status }));
}

describe('stripe-webhook: a SEPA debit that succeeds', () => {
  it("'processing' records the order 'In elaborazione': Marco's place held, no receipt, the family told the debit takes a few days", async () => {
    const id = newPaymentIntentId();
    expect(await deliver(processing(id))).toEqual({ received: true, orderId: id, status: 'In elaborazione' });
    const { payment } = await paymentOf(id);
    expect(payment).toMatchObject({ status: 'In elaborazione', recorded_status: 'In elaborazione', receipt: null });
    expect(await marcoHoldsAcconto()).toBe(true);
    expect(await marcoPaid()).toEqual([{ plan: 'Campo Estivo - Acconto', status: 'In elaborazione' }]);
    const [mail] = await rossiMail();
    expect(mail).toMatchObject({ kind: 'debit-processing', subject: 'Pagamento in elaborazione', attachments: [] });
    expect(mail?.text).toContain('alcuni giorni lavorativi');
    expect(mail?.text).toContain('254,97 €');
    await expectTotalsTie();

    // A second order of the same Acconto is refused while the debit runs.
    const again = await createOrder(
      browserRequest('http://localhost/x', {
        method: 'POST',
        headers: await sessionHeaders({ cf: ROSSI_CF }),
        body: JSON.stringify({
          cf: ROSSI_CF,
          product: 'campo-acconto',
          children: [{ id: 'son-rossi-marco' }],
          idempotencyKey: randomUUID(),
        }),
      }),
      functionContext(),
    );
    expect(again.status).toBe(409);
  });

  it.each([
    ['processing, then succeeded', ['processing', 'succeeded'] as const],
    ['succeeded, then processing', ['succeeded', 'processing'] as const],
  ])("%s, each twice: 'Confermato' with one receipt and one 'Pagamento ricevuto'", async (_label, order) => {
    const id = newPaymentIntentId();
    const events = { processing: processing(id), succeeded: succeeded(id) };
    await deliverTwice(...order.map((type) => events[type]));
    const { payment } = await paymentOf(id);
    expect(payment).toMatchObject({ status: 'Confermato', recorded_status: 'Confermato' });
    expect(payment.receipt?.number).toMatch(/^\d{4}\/\d+$/);
    // Issued with the group's stamp duty rule of the day (the demo is exempt).
    expect(payment.receipt?.stamp_duty).toMatchObject({ mode: 'exempt' });
    expect(await marcoHoldsAcconto()).toBe(true);
    const paid = (await rossiMail()).filter((mail) => mail.kind === 'card-payment');
    expect(paid).toEqual([
      expect.objectContaining({
        subject: 'Pagamento ricevuto',
        attachments: [{ kind: 'receipt', payment_id: payment.id, number: payment.receipt?.number }],
      }),
    ]);
    expect(paid[0]?.text).toContain(`ricevuta n. ${payment.receipt?.number}`);
    // Processing first tells the family it started; succeeded first makes that e-mail pointless.
    expect(await kinds()).toEqual(order[0] === 'processing' ? ['card-payment', 'debit-processing'] : ['card-payment']);
    expect(payment.history.map((step) => step.action)).toEqual(order[0] === 'processing' ? ['payment.debit_confirmed'] : []);
    expect(await auditActions(payment.id)).toEqual(order[0] === 'processing' ? ['payment.debit_confirmed'] : []);
    expect(await deliver(succeeded(id))).toEqual({ received: true, orderId: id, status: 'Confermato' });
    await expectTotalsTie();
  });

  it('the four deliveries at once end the same: one order, one receipt, one confirmation', async () => {
    const id = newPaymentIntentId();
    const before = (await db().collection('payments').count().get()).data().count;
    const events = [processing(id), succeeded(id)];
    await Promise.all([...events, ...events].map(deliver));
    expect((await db().collection('payments').count().get()).data().count).toBe(before + 1);
    const { payment } = await paymentOf(id);
    expect(payment.status).toBe('Confermato');
    expect(payment.receipt).not.toBeNull();
    expect((await rossiMail()).filter((mail) => mail.kind === 'card-payment')).toHaveLength(1);
    expect(await marcoHoldsAcconto()).toBe(true);
    await expectTotalsTie();
  });
});

describe('stripe-webhook: a SEPA debit the books cannot simply confirm', () => {
  it("a debit of a product the children already hold is 'In elaborazione', then 'Da Verificare' without a receipt: the treasurer refunds one", async () => {
    const card = newPaymentIntentId();
    await deliver(succeeded(card, NOW));
    const id = newPaymentIntentId();
    expect(await deliver(processing(id))).toMatchObject({ status: 'In elaborazione' });
    expect(await deliver(succeeded(id))).toEqual({ received: true, orderId: id, status: 'Da Verificare' });
    const { payment } = await paymentOf(id);
    expect(payment).toMatchObject({ status: 'Da Verificare', receipt: null });
    expect((await paymentOf(card)).payment.status).toBe('Confermato');
    await expectTotalsTie();
  });

  it("a PaymentIntent paid after its debit failed (paid again another way) is 'Confermato' and holds the products again", async () => {
    const id = newPaymentIntentId();
    await deliverTwice(processing(id), failed(id), succeeded(id, NOW + 6 * 86400));
    const { payment } = await paymentOf(id);
    expect(payment).toMatchObject({ status: 'Confermato' });
    expect(payment.receipt).not.toBeNull();
    expect(await marcoHoldsAcconto()).toBe(true);
    expect(payment.history.map((step) => step.action)).toEqual(['payment.debit_failed', 'payment.debit_confirmed']);
    await expectTotalsTie();
  });
});

describe('stripe-webhook: a SEPA debit that fails', () => {
  it.each([
    ['processing, then failed', ['processing', 'failed'] as const],
    ['failed, then processing', ['failed', 'processing'] as const],
  ])("%s, each twice: 'Non riuscito', Marco's place freed, the family told once with the page to pay again", async (_label, order) => {
    const id = newPaymentIntentId();
    const events = { processing: processing(id), failed: failed(id) };
    await deliverTwice(...order.map((type) => events[type]));
    const { order: stored, payment } = await paymentOf(id);
    expect(payment).toMatchObject({ status: 'Non riuscito', recorded_status: 'Non riuscito', receipt: null });
    // The items stay for the books, under ids that hold nothing.
    expect(payment.lines.map((line) => line.item_id)).toEqual(stored.order_items);
    expect(await marcoHoldsAcconto()).toBe(false);
    expect(await marcoPaid()).toEqual([]);
    const failedMail = (await rossiMail()).filter((mail) => mail.kind === 'debit-failed');
    expect(failedMail).toEqual([expect.objectContaining({ subject: 'Pagamento non riuscito' })]);
    expect(failedMail[0]?.text).toContain('/campo-estivo');
    expect(failedMail[0]?.text).toContain('254,97 €');
    expect(await kinds()).toEqual(order[0] === 'processing' ? ['debit-failed', 'debit-processing'] : ['debit-failed']);
    expect(await auditActions(payment.id)).toEqual(order[0] === 'processing' ? ['payment.debit_failed'] : []);
    await expectTotalsTie();

    // The family may order Marco's Acconto again.
    const again = await createOrder(
      browserRequest('http://localhost/x', {
        method: 'POST',
        headers: await sessionHeaders({ cf: ROSSI_CF }),
        body: JSON.stringify({
          cf: ROSSI_CF,
          product: 'campo-acconto',
          children: [{ id: 'son-rossi-marco' }],
          idempotencyKey: randomUUID(),
        }),
      }),
      functionContext(),
    );
    expect(again.status).toBe(201);
  });

  it('the four deliveries at once end the same: one failure, one e-mail, nothing held', async () => {
    const id = newPaymentIntentId();
    const events = [processing(id), failed(id)];
    await Promise.all([...events, ...events].map(deliver));
    expect((await paymentOf(id)).payment.status).toBe('Non riuscito');
    expect((await rossiMail()).filter((mail) => mail.kind === 'debit-failed')).toHaveLength(1);
    expect(await marcoHoldsAcconto()).toBe(false);
    await expectTotalsTie();
  });

  it('a failure after the debit succeeded changes nothing (a succeeded PaymentIntent does not fail)', async () => {
    const id = newPaymentIntentId();
    await deliverTwice(processing(id), succeeded(id));
    expect(await deliver(failed(id))).toEqual({ received: true, applied: 'unchanged' });
    expect((await paymentOf(id)).payment.status).toBe('Confermato');
    expect(await marcoHoldsAcconto()).toBe(true);
    expect(await kinds()).toEqual(['card-payment', 'debit-processing']);
  });

  it('a card declined at the checkout records nothing: the parent saw it on the screen', async () => {
    const id = newPaymentIntentId();
    expect(await deliver(failed(id, NOW, 'card'))).toEqual({ received: true });
    expect((await db().collection('orders').doc(id).get()).exists).toBe(false);
    expect((await db().collection('stripe_payment_intents').doc(id).get()).exists).toBe(false);
    // The parent then pays the same PaymentIntent by debit: it is processing, not failed.
    expect(await deliver(processing(id, NOW + 60))).toMatchObject({ status: 'In elaborazione' });
  });

  it('a debit tried again on the same PaymentIntent after an earlier failure is processing, not failed', async () => {
    const id = newPaymentIntentId();
    expect(await deliver(failed(id, NOW))).toEqual({ received: true, applied: 'pending' });
    expect(await deliver(processing(id, NOW + 3600))).toMatchObject({ status: 'In elaborazione' });
    expect(await marcoHoldsAcconto()).toBe(true);
  });
});

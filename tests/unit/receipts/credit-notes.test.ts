import { randomUUID } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminCancelOrder from '../../../netlify/functions/admin-cancel-order';
import adminConfirmTransfer from '../../../netlify/functions/admin-confirm-transfer';
import adminReceipt from '../../../netlify/functions/admin-receipt';
import adminRefund from '../../../netlify/functions/admin-refund';
import lookupFamily from '../../../netlify/functions/lookup-family';
import receipt from '../../../netlify/functions/receipt';
import { applyCardEvent, type CardEvent } from '../../../netlify/lib/payments/stripe-refund-events';
import { fulfilPayment } from '../../../netlify/lib/payments/fulfil-payment';
import { deliverMail } from '../../../netlify/lib/mail-delivery';
import { checkSeasonTotals, countPaymentChange } from '../../../netlify/lib/season/season-totals';
import { SEASON } from '@config/season';
import { italianYear } from '@domain/italian-time';
import { onlineTotal, type OnlineTotal } from '@domain/payments/service-fee';
import { startTestAuth, type TestAuth } from '../../support/auth-emulator';
import { sessionCookie } from '../../support/family-session';
import { succeededPaymentIntent } from '../../support/paid-intent';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';
import { testInbox } from '../../support/mail-inbox';
import { clearDb, useEmulatorDb } from '../../support/server-db';

/**
 * Credit notes (docs/admin.md, "Credit notes") against the Firestore and
 * Auth emulators and the test mail catcher: a card refund Stripe reports, a
 * dispute lost, a Bonifico refunded by transfer, a confirmation undone and
 * an order cancelled each get a numbered note (its own sequence, without
 * gaps) citing the receipt, in the transaction of the change, e-mailed with
 * its PDF and downloadable beside the receipt, which then says 'ANNULLATA';
 * a failed refund cancels its note. The season's totals stay exact.
 */

const PROJECT = 'demo-credit-notes';
const FAMILY = 'family-storni';
const PAYER = { id: 'parent-storni-anna', name: 'Anna', surname: 'Bianchi', cf: 'BNCNNA80A41H501R' };
const CHILDREN = [
  { id: 'son-storni-luca', name: 'Luca', cf: 'BNCLCU12C03H501X' },
  { id: 'son-storni-sara', name: 'Sara', cf: 'BNCSRA14D45H501Y' },
] as const;
const YEAR = italianYear(new Date());
const MAIL = { siteUrl: 'http://localhost' };
/** Two sweatshirts (30 € each) by card, with the service fee. */
const PAID = onlineTotal(30 + 30);
const CHARGED = PAID.totalCents / 100;

let db: Firestore;
let auth: TestAuth;
let treasurer: string;
/** The family's address, new for each test: the catcher is shared and numbers start again. */
let email: string;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
  auth = await startTestAuth(PROJECT);
  treasurer = await auth.account('tesoriere@example.com', { role: 'tesoriere' });
}, 120_000);
afterAll(() => auth.stop(), 30_000);
beforeEach(async () => {
  await clearDb(PROJECT);
  vi.spyOn(console, 'info').mockImplementation(() => {});
  email = `storni-${randomUUID().slice(0, 8)}@example.com`;
  const batch = db.batch();
  const now = Timestamp.now();
  batch.set(db.collection('families').doc(FAMILY), { id: FAMILY, surname: 'Bianchi', orders_id: [], updated_at: now });
  batch.set(db.collection('parents').doc(PAYER.id), { ...PAYER, family_id: FAMILY, email, phone: null });
  for (const child of CHILDREN) {
    batch.set(db.collection('sons').doc(child.id), {
      ...child,
      family_id: FAMILY,
      surname: 'Bianchi',
      branch: 'Reparto',
      medical_doc: '',
      updated_at: now,
    });
  }
  await batch.commit();
});

async function call(handler: NetlifyFunction, name: string, body: unknown, headers: Record<string, string>) {
  const context = functionContext();
  const response = await handler(
    browserRequest(`http://localhost/.netlify/functions/${name}`, { method: 'POST', headers, body: JSON.stringify(body) }),
    context,
  );
  await context.settled();
  return response;
}
const asTreasurer = () => ({ authorization: `Bearer ${treasurer}` });
const asFamily = async () => ({ cookie: await sessionCookie(FAMILY, PAYER.id) });

/** Two sweatshirts paid by card and recorded 'Confermato' with a receipt (with `contribution`, the card charged `charged` for both): the PaymentIntent and payment ids. */
async function paidByCard(
  paymentIntentId: string,
  { contribution, charged }: { contribution?: string; charged: OnlineTotal } = { charged: PAID },
): Promise<{ paymentIntentId: string; paymentId: string }> {
  const { order } = await fulfilPayment(
    db,
    succeededPaymentIntent(paymentIntentId, charged.totalCents, {
      family_id: FAMILY,
      parent_id: PAYER.id,
      product: 'felpa',
      children: `${CHILDREN[0].id}:M,${CHILDREN[1].id}:S`,
      ...(contribution === undefined ? {} : { solidarity_contribution: contribution }),
    }),
    'test',
    MAIL,
  );
  expect(order.status).toBe('Confermato');
  const paymentId = (await db.collection('orders').doc(paymentIntentId).get()).get('payment_id') as string;
  return { paymentIntentId, paymentId };
}

let eventSequence = 0;
/** Applies a Stripe event (as the webhook would) and sends the family's e-mail it wrote. */
async function stripeReports(event: Omit<CardEvent, 'eventId' | 'eventCreated'> & { eventCreated?: number }) {
  eventSequence += 1;
  const applied = await applyCardEvent(
    db,
    { eventId: `evt_notes_${eventSequence}`, eventCreated: event.eventCreated ?? 1_750_000_000 + eventSequence, ...event },
    MAIL,
  );
  if (applied.mailId) await deliverMail(db, applied.mailId);
  return applied;
}

/** A Bonifico 'Da Verificare' of 280 € for both children's Saldo, written as recordOrder writes it (`receipt` for an old undo). */
async function transferToVerify(id: string, fields: Record<string, unknown> = {}): Promise<string> {
  const batch = db.batch();
  countPaymentChange(db, batch, null, {
    season: SEASON.campYear,
    plan: 'Campo Estivo - Saldo',
    method: 'Bonifico',
    status: 'Da Verificare',
    total_amount: 280,
  });
  batch.set(db.collection('payments').doc(id), {
    id,
    created_at: Timestamp.now(),
    season: SEASON.campYear,
    order_id: `order-${id}`,
    family_id: FAMILY,
    family_surname: 'Bianchi',
    surname_key: 'bianchi',
    plan: 'Campo Estivo - Saldo',
    method: 'Bonifico',
    status: 'Da Verificare',
    total_amount: 280,
    lines: [
      { item_id: `${id}-1`, child_id: CHILDREN[0].id, name: 'Luca', surname: 'Bianchi', note: '', price: 180 },
      { item_id: `${id}-2`, child_id: CHILDREN[1].id, name: 'Sara', surname: 'Bianchi', note: '', price: 100 },
    ],
    confirmed_at: null,
    confirmed_by: null,
    refunded_amount: 0,
    dispute: null,
    history: [],
    parent_id: PAYER.id,
    receipt: null,
    ...fields,
  });
  await batch.commit();
  return id;
}

const confirm = async (paymentId: string, action: 'confirm' | 'unconfirm' = 'confirm') =>
  expect((await call(adminConfirmTransfer, 'admin-confirm-transfer', { paymentId, action }, asTreasurer())).status).toBe(200);

const paymentOf = async (id: string) => (await db.collection('payments').doc(id).get()).data()!;

const pdfText = async (bytes: Uint8Array) => {
  const parser = new PDFParse({ data: bytes.slice() });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
};

/** The family's download of a document ('Le tue ricevute'): its bytes, after checking the answer. */
async function familyDownload(paymentId: string, kind: 'receipt' | 'credit-note', number: string): Promise<Buffer> {
  const response = await call(receipt, 'receipt', { paymentId, kind, number }, await asFamily());
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await response.arrayBuffer());
}

async function adminDownload(paymentId: string, kind: 'receipt' | 'credit-note', number: string): Promise<Buffer> {
  const response = await call(adminReceipt, 'admin-receipt', { paymentId, action: 'download', kind, number }, asTreasurer());
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const euros = (value: number) => `${value.toFixed(2).replace('.', ',')} €`;

describe('a card refund reported by Stripe', () => {
  it('in full: a credit note of its own sequence, citing the receipt, e-mailed with its PDF; the receipt says ANNULLATA; the same bytes everywhere', async () => {
    const { paymentIntentId, paymentId } = await paidByCard('pi_notes_full');
    expect((await stripeReports({ paymentIntentId, chargedEuros: CHARGED, refundedEuros: CHARGED })).applied).toBe('applied');

    const payment = await paymentOf(paymentId);
    expect(payment.status).toBe('Rimborsato');
    expect(payment.credit_notes).toEqual([
      expect.objectContaining({
        number: `${YEAR}/1`,
        amount: CHARGED,
        service_fee: PAID.feeEuros,
        receipt_number: `${YEAR}/1`,
        voids_receipt: true,
        reason: 'refund',
        description: 'Rimborso con carta',
        cancelled: null,
      }),
    ]);
    expect((await db.collection('credit_note_counters').doc(String(YEAR)).get()).get('last')).toBe(1);
    expect((await db.collection('receipt_counters').doc(String(YEAR)).get()).get('last')).toBe(1);
    const audit = (await db.collection('audit_log').where('action', '==', 'payment.refunded').get()).docs.map((doc) => doc.data());
    expect(audit).toEqual([expect.objectContaining({ after: expect.objectContaining({ credit_note: `${YEAR}/1` }) as unknown })]);

    const inbox = testInbox();
    const message = await inbox.waitFor((mail) => mail.to.includes(email) && mail.subject === `Nota di credito n. ${YEAR}/1`);
    expect(message.text).toContain(`Storna ${euros(CHARGED)} della ricevuta n. ${YEAR}/1, che è quindi annullata`);
    expect(message.attachments.map((file) => file.name)).toEqual([`Nota-di-credito-${YEAR}-1.pdf`]);
    const mailed = Buffer.from(await inbox.attachment(message, message.attachments[0]?.filename ?? ''));
    const text = await pdfText(mailed);
    for (const expected of [
      `Nota di credito n. ${YEAR}/1`,
      `Storno della ricevuta n. ${YEAR}/1`,
      'Motivo: Rimborso con carta.',
      'A favore di',
      PAYER.cf,
      CHILDREN[0].cf,
      CHILDREN[1].cf,
      'Commissioni servizio (pagamento con carta) restituite',
      euros(PAID.feeEuros),
      `Totale stornato ${euros(CHARGED)}`,
      `Con questa nota la ricevuta n. ${YEAR}/1 è annullata.`,
    ]) {
      expect(text).toContain(expected);
    }

    const family = await familyDownload(paymentId, 'credit-note', `${YEAR}/1`);
    expect(family.equals(mailed)).toBe(true);
    expect((await adminDownload(paymentId, 'credit-note', `${YEAR}/1`)).equals(mailed)).toBe(true);
    expect((await familyDownload(paymentId, 'credit-note', `${YEAR}/1`)).equals(family)).toBe(true);

    const receiptText = await pdfText(await familyDownload(paymentId, 'receipt', `${YEAR}/1`));
    expect(receiptText).toContain('ANNULLATA');
    expect(receiptText).toContain(`Annullata dalla nota di credito n. ${YEAR}/1 del`);

    const lookup = await call(lookupFamily, 'lookup-family', { cf: PAYER.cf }, await asFamily());
    const { receipts } = (await lookup.json()) as { receipts: Array<Record<string, unknown>> };
    expect(receipts.map(({ kind, number, amountEuros, annulled, remark }) => ({ kind, number, amountEuros, annulled, remark }))).toEqual(
      expect.arrayContaining([
        {
          kind: 'receipt',
          number: `${YEAR}/1`,
          amountEuros: CHARGED,
          annulled: true,
          remark: `annullata dalla nota di credito n. ${YEAR}/1`,
        },
        { kind: 'credit-note', number: `${YEAR}/1`, amountEuros: CHARGED, annulled: false, remark: `storna la ricevuta n. ${YEAR}/1` },
      ]),
    );
  });

  it('in part: a credit note for its amount, the receipt valid and mentioning it; the rest then annuls the receipt', async () => {
    const { paymentIntentId, paymentId } = await paidByCard('pi_notes_part');
    await stripeReports({ paymentIntentId, chargedEuros: CHARGED, refundedEuros: 10 });
    expect((await paymentOf(paymentId)).credit_notes).toEqual([
      expect.objectContaining({ number: `${YEAR}/1`, amount: 10, service_fee: 0, voids_receipt: false }),
    ]);
    const message = await testInbox().waitFor((mail) => mail.to.includes(email) && mail.subject === `Nota di credito n. ${YEAR}/1`);
    expect(message.text).toContain(`Storna 10,00 € della ricevuta n. ${YEAR}/1, che resta valida per il resto.`);
    const partial = await pdfText(await familyDownload(paymentId, 'receipt', `${YEAR}/1`));
    expect(partial).not.toContain('ANNULLATA');
    expect(partial).toContain(`Rimborso parziale: nota di credito n. ${YEAR}/1 del`);
    expect(await pdfText(await familyDownload(paymentId, 'credit-note', `${YEAR}/1`))).toContain(
      `Storno parziale della ricevuta n. ${YEAR}/1 10,00 €`,
    );

    await stripeReports({ paymentIntentId, chargedEuros: CHARGED, refundedEuros: CHARGED });
    const rest = Math.round((CHARGED - 10) * 100) / 100;
    expect((await paymentOf(paymentId)).credit_notes).toEqual([
      expect.objectContaining({ number: `${YEAR}/1`, amount: 10 }),
      expect.objectContaining({ number: `${YEAR}/2`, amount: rest, service_fee: PAID.feeEuros, voids_receipt: true }),
    ]);
    expect(await pdfText(await familyDownload(paymentId, 'receipt', `${YEAR}/1`))).toContain(
      `Annullata dalla nota di credito n. ${YEAR}/2`,
    );
    expect(await pdfText(await familyDownload(paymentId, 'credit-note', `${YEAR}/2`))).toContain(
      `Storno del residuo della ricevuta n. ${YEAR}/1`,
    );
  });

  it('that fails cancels its credit note (ANNULLATA), the receipt is valid again and the family is told', async () => {
    const { paymentIntentId, paymentId } = await paidByCard('pi_notes_failed');
    await stripeReports({ paymentIntentId, chargedEuros: CHARGED, refundedEuros: CHARGED, eventCreated: 1_750_000_000 });
    await stripeReports({
      paymentIntentId,
      eventCreated: 1_750_000_600,
      failedRefund: { id: 're_notes_failed', euros: CHARGED, createdAt: 1_750_000_000, paymentId },
    });
    const payment = await paymentOf(paymentId);
    expect(payment).toMatchObject({ status: 'Confermato', refunded_amount: 0 });
    expect(payment.credit_notes).toEqual([
      expect.objectContaining({
        number: `${YEAR}/1`,
        cancelled: { at: expect.any(Timestamp) as unknown, reason: "Il rimborso non è andato a buon fine: l'importo è tornato al gruppo." },
      }),
    ]);
    const message = await testInbox().waitFor((mail) => mail.to.includes(email) && mail.subject === 'Rimborso non riuscito');
    expect(message.text).toContain(`il rimborso di ${euros(CHARGED)} sulla tua carta non è andato a buon fine`);
    expect(message.text).toContain(`La nota di credito n. ${YEAR}/1 è quindi annullata`);
    expect(message.text).toContain(`La ricevuta n. ${YEAR}/1 torna valida.`);
    expect(message.attachments.map((file) => file.name)).toEqual([`Nota-di-credito-${YEAR}-1.pdf`]);
    const note = await pdfText(await familyDownload(paymentId, 'credit-note', `${YEAR}/1`));
    expect(note).toContain('ANNULLATA');
    expect(note).toContain("Il rimborso non è andato a buon fine: l'importo è tornato al gruppo.");
    expect(await pdfText(await familyDownload(paymentId, 'receipt', `${YEAR}/1`))).not.toContain('ANNULLATA');
    expect((await checkSeasonTotals(db, SEASON.campYear)).differences).toEqual([]);
  });
});

describe("a card refund of a payment with a 'Contributo al fondo di solidarietà'", () => {
  /** The sweatshirts' 60 € and a 15 € contribution, the fee on both. */
  const GIFT = onlineTotal(60 + 15);
  const GIFT_CHARGED = GIFT.totalCents / 100;

  it('in part, up to the lines: the note gives back the lines only; the rest then gives back the fee and the contribution, each on its own line', async () => {
    const { paymentIntentId, paymentId } = await paidByCard('pi_notes_gift_part', { contribution: '15.00', charged: GIFT });
    expect(await paymentOf(paymentId)).toMatchObject({ status: 'Confermato', total_amount: 60, solidarity_contribution: 15 });

    await stripeReports({ paymentIntentId, chargedEuros: GIFT_CHARGED, refundedEuros: 60 });
    expect((await paymentOf(paymentId)).credit_notes).toEqual([
      expect.objectContaining({ number: `${YEAR}/1`, amount: 60, service_fee: 0, solidarity_contribution: 0, voids_receipt: false }),
    ]);
    const part = await pdfText(await familyDownload(paymentId, 'credit-note', `${YEAR}/1`));
    expect(part).toContain(`Storno parziale della ricevuta n. ${YEAR}/1 60,00 €`);
    expect(part).not.toContain('Contributo al fondo di solidarietà');
    expect(part).toContain(`La ricevuta n. ${YEAR}/1 resta valida per il resto.`);

    await stripeReports({ paymentIntentId, chargedEuros: GIFT_CHARGED, refundedEuros: GIFT_CHARGED });
    const rest = Math.round((GIFT_CHARGED - 60) * 100) / 100;
    const payment = await paymentOf(paymentId);
    expect(payment.status).toBe('Rimborsato');
    expect(payment.credit_notes).toEqual([
      expect.objectContaining({ number: `${YEAR}/1`, amount: 60 }),
      expect.objectContaining({
        number: `${YEAR}/2`,
        amount: rest,
        service_fee: GIFT.feeEuros,
        solidarity_contribution: 15,
        voids_receipt: true,
      }),
    ]);
    const residue = await pdfText(await familyDownload(paymentId, 'credit-note', `${YEAR}/2`));
    expect(residue).not.toContain('Storno del residuo');
    expect(residue).toContain('Contributo al fondo di solidarietà restituito 15,00 €');
    expect(residue).toContain(`Commissioni servizio (pagamento con carta) restituite ${euros(GIFT.feeEuros)}`);
    expect(residue).toContain(`Totale stornato ${euros(rest)}`);
    expect((await checkSeasonTotals(db, SEASON.campYear)).differences).toEqual([]);
  });

  it("in full at once: the note gives back the receipt's lines, the contribution and the fee, and annuls it", async () => {
    const { paymentIntentId, paymentId } = await paidByCard('pi_notes_gift_full', { contribution: '15.00', charged: GIFT });
    await stripeReports({ paymentIntentId, chargedEuros: GIFT_CHARGED, refundedEuros: GIFT_CHARGED });
    expect((await paymentOf(paymentId)).credit_notes).toEqual([
      expect.objectContaining({
        amount: GIFT_CHARGED,
        service_fee: GIFT.feeEuros,
        solidarity_contribution: 15,
        voids_receipt: true,
      }),
    ]);
    const message = await testInbox().waitFor((mail) => mail.to.includes(email) && mail.subject === `Nota di credito n. ${YEAR}/1`);
    expect(message.text).toContain(`Storna ${euros(GIFT_CHARGED)} della ricevuta n. ${YEAR}/1, che è quindi annullata`);
    const note = await pdfText(await familyDownload(paymentId, 'credit-note', `${YEAR}/1`));
    for (const expected of [
      `Storno della ricevuta n. ${YEAR}/1`,
      `(${euros(GIFT_CHARGED)})`,
      CHILDREN[0].cf,
      CHILDREN[1].cf,
      'Contributo al fondo di solidarietà restituito 15,00 €',
      `Totale stornato ${euros(GIFT_CHARGED)}`,
      `Con questa nota la ricevuta n. ${YEAR}/1 è annullata.`,
    ]) {
      expect(note).toContain(expected);
    }
  });
});

describe('a dispute lost', () => {
  it('annuls the receipt with a credit note of the whole charge, the fee included', async () => {
    const { paymentIntentId, paymentId } = await paidByCard('pi_notes_dispute');
    await stripeReports({ paymentIntentId, dispute: 'open' });
    expect((await paymentOf(paymentId)).credit_notes ?? []).toEqual([]);
    await stripeReports({ paymentIntentId, dispute: 'lost' });
    expect((await paymentOf(paymentId)).credit_notes).toEqual([
      expect.objectContaining({ amount: CHARGED, service_fee: PAID.feeEuros, voids_receipt: true, reason: 'dispute' }),
    ]);
    expect(await pdfText(await familyDownload(paymentId, 'credit-note', `${YEAR}/1`))).toContain(
      'Motivo: Contestazione persa: importo riaddebitato sulla carta.',
    );
  });
});

describe('a Bonifico', () => {
  it('confirmation undone: a credit note annuls its receipt; confirmed again: a new receipt, the first kept, annulled', async () => {
    const id = await transferToVerify('pay-undo');
    await confirm(id);
    await confirm(id, 'unconfirm');
    const undone = await paymentOf(id);
    expect(undone).toMatchObject({ status: 'Da Verificare', receipt: expect.objectContaining({ number: `${YEAR}/1` }) as unknown });
    expect(undone.credit_notes).toEqual([
      expect.objectContaining({ number: `${YEAR}/1`, amount: 280, voids_receipt: true, reason: 'unconfirm', receipt_number: `${YEAR}/1` }),
    ]);
    const note = await testInbox().waitFor((mail) => mail.to.includes(email) && mail.subject === `Nota di credito n. ${YEAR}/1`);
    expect(note.text).toContain('(Bonifico non ricevuto: conferma annullata)');

    await confirm(id);
    const again = await paymentOf(id);
    expect(again.receipt).toMatchObject({ number: `${YEAR}/2` });
    expect(again.earlier_receipts).toEqual([expect.objectContaining({ number: `${YEAR}/1` })]);
    expect((await db.collection('receipt_counters').doc(String(YEAR)).get()).get('last')).toBe(2);
    const confirmed = await testInbox().waitFor(
      (mail) => mail.to.includes(email) && mail.subject === 'Bonifico ricevuto' && mail.text.includes(`ricevuta n. ${YEAR}/2`),
    );
    expect(confirmed.attachments.map((file) => file.name)).toEqual([`Ricevuta-${YEAR}-2.pdf`]);
    expect(await pdfText(await familyDownload(id, 'receipt', `${YEAR}/1`))).toContain(`Annullata dalla nota di credito n. ${YEAR}/1`);
    expect(await pdfText(await familyDownload(id, 'receipt', `${YEAR}/2`))).not.toContain('ANNULLATA');
    expect((await checkSeasonTotals(db, SEASON.campYear)).differences).toEqual([]);
  });

  it('refunded by transfer: a credit note for what went back; in full, the receipt is annulled', async () => {
    const id = await transferToVerify('pay-refund');
    await confirm(id);
    const refund = (amountEuros: number) =>
      call(
        adminRefund,
        'admin-refund',
        { paymentId: id, amountEuros, idempotencyKey: randomUUID(), transferDate: '2025-09-15' },
        asTreasurer(),
      );
    expect((await refund(80)).status).toBe(200);
    expect((await refund(200)).status).toBe(200);
    const payment = await paymentOf(id);
    expect(payment.status).toBe('Rimborsato');
    expect(payment.credit_notes).toEqual([
      expect.objectContaining({
        number: `${YEAR}/1`,
        amount: 80,
        voids_receipt: false,
        description: 'Rimborso con bonifico del 15/09/2025',
      }),
      expect.objectContaining({ number: `${YEAR}/2`, amount: 200, voids_receipt: true }),
    ]);
    await testInbox().waitFor((mail) => mail.to.includes(email) && mail.subject === `Nota di credito n. ${YEAR}/2`);
    expect((await checkSeasonTotals(db, SEASON.campYear)).differences).toEqual([]);
  });

  it('cancelled after an undo made before credit notes existed: the cancellation annuls the receipt it kept', async () => {
    const issued = Timestamp.fromDate(new Date('2025-06-01T10:00:00Z'));
    const id = await transferToVerify('pay-old-undo', {
      receipt: {
        number: '2025/40',
        issued_at: issued,
        credited_at: issued,
        service_fee: 0,
        payer: { name: 'Anna', surname: 'Bianchi', cf: PAYER.cf },
        child_fiscal_codes: {},
      },
    });
    const response = await call(adminCancelOrder, 'admin-cancel-order', { paymentId: id, reason: 'Bonifico mai arrivato' }, asTreasurer());
    expect(response.status).toBe(200);
    expect((await paymentOf(id)).credit_notes).toEqual([
      expect.objectContaining({
        receipt_number: '2025/40',
        amount: 280,
        voids_receipt: true,
        reason: 'cancel',
        description: 'Ordine annullato: Bonifico mai arrivato',
      }),
    ]);
    await testInbox().waitFor((mail) => mail.to.includes(email) && mail.subject === `Nota di credito n. ${YEAR}/1`);
  });

  it('cancelled without a receipt gets no credit note', async () => {
    const id = await transferToVerify('pay-never');
    expect((await call(adminCancelOrder, 'admin-cancel-order', { paymentId: id, reason: 'Ordine doppio' }, asTreasurer())).status).toBe(
      200,
    );
    expect((await paymentOf(id)).credit_notes).toBeUndefined();
    expect((await db.collection('credit_note_counters').doc(String(YEAR)).get()).exists).toBe(false);
  });
});

describe('credit note numbers', () => {
  it('two refunds at once get consecutive numbers; the same Stripe event twice at once issues one', async () => {
    const [a, b] = [await transferToVerify('pay-a'), await transferToVerify('pay-b')];
    await confirm(a);
    await confirm(b);
    const refund = (paymentId: string) =>
      call(
        adminRefund,
        'admin-refund',
        { paymentId, amountEuros: 280, idempotencyKey: randomUUID(), transferDate: '2025-09-15' },
        asTreasurer(),
      );
    expect((await Promise.all([refund(a), refund(b)])).map((response) => response.status)).toEqual([200, 200]);
    const numbers = [(await paymentOf(a)).credit_notes[0].number, (await paymentOf(b)).credit_notes[0].number].sort();
    expect(numbers).toEqual([`${YEAR}/1`, `${YEAR}/2`]);

    const { paymentIntentId, paymentId } = await paidByCard('pi_notes_twice');
    const event: CardEvent = {
      eventId: 'evt_notes_twice',
      eventCreated: 1_750_000_000,
      paymentIntentId,
      chargedEuros: CHARGED,
      refundedEuros: CHARGED,
    };
    const applied = await Promise.all([applyCardEvent(db, event, MAIL), applyCardEvent(db, event, MAIL)]);
    expect(applied.map((result) => result.applied).sort()).toEqual(['applied', 'duplicate']);
    expect((await paymentOf(paymentId)).credit_notes).toEqual([expect.objectContaining({ number: `${YEAR}/3` })]);
    expect((await db.collection('credit_note_counters').doc(String(YEAR)).get()).get('last')).toBe(3);
  });
});

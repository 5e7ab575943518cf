import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminConfirmTransfer from '../../../netlify/functions/admin-confirm-transfer';
import adminReceipt from '../../../netlify/functions/admin-receipt';
import lookupFamily from '../../../netlify/functions/lookup-family';
import receipt from '../../../netlify/functions/receipt';
import { fulfilPayment } from '../../../netlify/lib/payments/fulfil-payment';
import { deliverMail } from '../../../netlify/lib/mail-delivery';
import { SEASON } from '@config/season';
import { italianYear } from '@domain/italian-time';
import { onlineTotal } from '@domain/payments/service-fee';
import { startTestAuth, type TestAuth } from '../../support/auth-emulator';
import { sessionCookie } from '../../support/family-session';
import { succeededPaymentIntent } from '../../support/paid-intent';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';
import { testInbox } from '../../support/mail-inbox';
import { clearDb, useEmulatorDb } from '../../support/server-db';

/**
 * Receipts (docs/admin.md, "Receipts") against the Firestore and Auth
 * emulators and the test mail catcher: numbered without gaps or duplicates
 * in the transaction that confirms a payment, attached to the e-mail, and
 * the same PDF for the family and the admin.
 */

const PROJECT = 'demo-receipts';
const FAMILY = 'family-ricevute';
const EMAIL = 'mario.ricevute@example.com';
const PAYER = { id: 'parent-ricevute-mario', name: 'Mario', surname: 'Rossi', cf: 'RSSMRA80A01H501U' };
const CHILDREN = [
  { id: 'son-ricevute-marco', name: 'Marco', cf: 'RSSMRC12C03H501X', branch: 'Reparto' },
  { id: 'son-ricevute-giulia', name: 'Giulia', cf: 'RSSGLI14D45H501Y', branch: 'Reparto' },
] as const;
const YEAR = italianYear(new Date());

let db: Firestore;
let auth: TestAuth;
let treasurer: string;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
  auth = await startTestAuth(PROJECT);
  treasurer = await auth.account('tesoriere@example.com', { role: 'tesoriere' });
}, 120_000);
afterAll(() => auth.stop(), 30_000);
beforeEach(async () => {
  await clearDb(PROJECT);
  vi.spyOn(console, 'info').mockImplementation(() => {});
  const batch = db.batch();
  const now = Timestamp.now();
  batch.set(db.collection('families').doc(FAMILY), { id: FAMILY, surname: 'Rossi', orders_id: [], updated_at: now });
  batch.set(db.collection('parents').doc(PAYER.id), {
    id: PAYER.id,
    cf: PAYER.cf,
    family_id: FAMILY,
    name: PAYER.name,
    surname: PAYER.surname,
    email: EMAIL,
    phone: null,
  });
  for (const child of CHILDREN) {
    batch.set(db.collection('sons').doc(child.id), {
      id: child.id,
      family_id: FAMILY,
      name: child.name,
      surname: 'Rossi',
      cf: child.cf,
      branch: child.branch,
      medical_doc: '',
      updated_at: now,
    });
  }
  await batch.commit();
});

/** A Bonifico 'Da Verificare' of 280 € for both children's Saldo, written as recordOrder writes it. */
async function transferToVerify(id: string): Promise<string> {
  await db
    .collection('payments')
    .doc(id)
    .set({
      id,
      created_at: Timestamp.now(),
      season: SEASON.campYear,
      order_id: `order-${id}`,
      family_id: FAMILY,
      family_surname: 'Rossi',
      surname_key: 'rossi',
      plan: 'Campo Estivo - Saldo',
      method: 'Bonifico',
      status: 'Da Verificare',
      total_amount: 280,
      lines: [
        { item_id: `${id}-1`, child_id: CHILDREN[0].id, name: 'Marco', surname: 'Rossi', note: '', price: 180 },
        { item_id: `${id}-2`, child_id: CHILDREN[1].id, name: 'Giulia', surname: 'Rossi', note: '', price: 100 },
      ],
      confirmed_at: null,
      confirmed_by: null,
      refunded_amount: 0,
      dispute: null,
      history: [],
      parent_id: PAYER.id,
      receipt: null,
    });
  return id;
}

async function call(handler: NetlifyFunction, name: string, body: unknown, headers: Record<string, string>) {
  const context = functionContext();
  const response = await handler(
    browserRequest(`http://localhost/.netlify/functions/${name}`, { method: 'POST', headers, body: JSON.stringify(body) }),
    context,
  );
  return { response, settled: context.settled };
}

async function confirm(paymentId: string, action: 'confirm' | 'unconfirm' = 'confirm') {
  const { response, settled } = await call(
    adminConfirmTransfer,
    'admin-confirm-transfer',
    { paymentId, action },
    {
      authorization: `Bearer ${treasurer}`,
    },
  );
  expect(response.status).toBe(200);
  await settled();
}

const receiptNumberOf = async (paymentId: string) =>
  ((await db.collection('payments').doc(paymentId).get()).get('receipt') as { number: string } | null)?.number ?? null;

const pdfText = async (bytes: Uint8Array) => (await new PDFParse({ data: bytes }).getText()).text;

describe('receipt numbers', () => {
  it('two transfers confirmed at the same moment get consecutive numbers', async () => {
    const [a, b] = await Promise.all([transferToVerify('pay-a'), transferToVerify('pay-b')]);
    await Promise.all([confirm(a), confirm(b)]);
    const numbers = [await receiptNumberOf(a), await receiptNumberOf(b)].sort();
    expect(numbers).toEqual([`${YEAR}/1`, `${YEAR}/2`]);
  });

  it('200 confirmations in a row leave no gap and no duplicate, and the year counter says 200', async () => {
    // Numbers, not e-mails, are under test: without an address no message is written or sent.
    await db.collection('parents').doc(PAYER.id).update({ email: null });
    const ids = await Promise.all(Array.from({ length: 200 }, (_, index) => transferToVerify(`pay-${String(index).padStart(3, '0')}`)));
    for (const id of ids) await confirm(id);
    const numbers = await Promise.all(ids.map(receiptNumberOf));
    expect(numbers).toEqual(ids.map((_, index) => `${YEAR}/${index + 1}`));
    expect((await db.collection('receipt_counters').doc(String(YEAR)).get()).get('last')).toBe(200);
  }, 120_000);

  it('an undone confirmation annuls its receipt (a credit note); confirmed again, the payment gets the next number', async () => {
    const id = await transferToVerify('pay-again');
    await confirm(id);
    await confirm(id, 'unconfirm');
    await confirm(id);
    expect(await receiptNumberOf(id)).toBe(`${YEAR}/2`);
    expect((await db.collection('receipt_counters').doc(String(YEAR)).get()).get('last')).toBe(2);
    expect((await db.collection('credit_note_counters').doc(String(YEAR)).get()).get('last')).toBe(1);
  });

  it('a card payment recorded Confermato gets one with the service fee; one to verify gets none', async () => {
    const paid = onlineTotal(30 + 30);
    const pi = (id: string, cents: number) => ({
      id,
      status: 'succeeded' as const,
      amount_received: cents,
      currency: 'eur',
      metadata: { family_id: FAMILY, parent_id: PAYER.id, product: 'felpa', children: `${CHILDREN[0].id}:M,${CHILDREN[1].id}:S` },
    });
    const context = { siteUrl: 'http://localhost' };
    const ok = await fulfilPayment(db, pi('pi_receipt_ok', paid.totalCents), 'test', context);
    expect(ok.order.receiptNumber).toBe(`${YEAR}/1`);
    const stored = (await db.collection('payments').where('order_id', '==', 'pi_receipt_ok').get()).docs[0]?.get('receipt') as {
      service_fee: number;
      payer: { cf: string };
    };
    expect(stored).toMatchObject({ service_fee: paid.feeEuros, payer: { cf: PAYER.cf } });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const short = await fulfilPayment(db, pi('pi_receipt_short', paid.totalCents - 1), 'test', context);
    expect(short.order).toMatchObject({ status: 'Da Verificare', receiptNumber: null });
  });
});

describe('the receipt PDF', () => {
  it('rides on the Bonifico ricevuto e-mail and holds the group, the number, the fiscal codes, the plan and the amount', async () => {
    const id = await transferToVerify('pay-mail');
    await confirm(id);
    const number = await receiptNumberOf(id);
    const inbox = testInbox();
    const message = await inbox.waitFor(
      (mail) => mail.to.includes(EMAIL) && mail.subject === 'Bonifico ricevuto' && mail.text.includes(number ?? '?'),
    );
    expect(message.text).toContain(`In allegato trovi la ricevuta n. ${number}.`);
    const [file] = message.attachments;
    expect(file).toMatchObject({ contentType: 'application/pdf' });
    const text = await pdfText(await inbox.attachment(message, file?.filename ?? ''));
    for (const expected of [
      'Gruppo Scout Manziana 1',
      `Ricevuta n. ${number}`,
      PAYER.cf,
      CHILDREN[0].cf,
      CHILDREN[1].cf,
      'Campo Estivo - Saldo',
      '280,00 €',
      'Bonifico',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("prints a card payment's 'Contributo al fondo di solidarietà' on its own line, kept on the payment apart from the lines", async () => {
    // Two felpe (60 €) and 12,50 € to the fund: the fee is on both, as create-payment-intent charged it.
    const paid = onlineTotal(60 + 12.5);
    const pi = (id: string, cents: number, contribution: string | undefined) =>
      succeededPaymentIntent(id, cents, {
        family_id: FAMILY,
        parent_id: PAYER.id,
        product: 'felpa',
        children: `${CHILDREN[0].id}:M,${CHILDREN[1].id}:S`,
        ...(contribution === undefined ? {} : { solidarity_contribution: contribution }),
      });
    const context = { siteUrl: 'http://localhost' };
    const recorded = await fulfilPayment(db, pi('pi_contribution', paid.totalCents, '12.50'), 'test', context);
    expect(recorded.order.status).toBe('Confermato');
    const payment = (await db.collection('payments').where('order_id', '==', 'pi_contribution').get()).docs[0]!;
    expect(payment.data()).toMatchObject({ total_amount: 60, solidarity_contribution: 12.5, receipt: { service_fee: paid.feeEuros } });
    const { response } = await call(receipt, 'receipt', { paymentId: payment.id }, { cookie: await sessionCookie(FAMILY, PAYER.id) });
    expect(response.status).toBe(200);
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toMatch(/Contributo al fondo di solidarietà\s+12,50 €/);
    expect(text).toContain(`Totale ${paid.totalEuros.toFixed(2).replace('.', ',')} €`);

    // 'Pagamento ricevuto' names it on its own line, between the lines and the fee, in text and HTML.
    await deliverMail(db, recorded.mailId!);
    const mail = await testInbox().waitFor(
      (message) =>
        message.to.includes(EMAIL) && message.subject === 'Pagamento ricevuto' && message.text.includes(recorded.order.receiptNumber!),
    );
    const euros = (value: number) => `${value.toFixed(2).replace('.', ',')} €`;
    expect(mail.text).toMatch(/Contributo al fondo di solidarietà:? +12,50 €/);
    expect(mail.text.indexOf('Contributo al fondo di solidarietà')).toBeLessThan(mail.text.indexOf('Commissioni Servizio'));
    expect(mail.text).toContain(euros(paid.feeEuros));
    expect(mail.text).toContain(euros(paid.totalEuros));
    expect(mail.html).toContain('Contributo al fondo di solidarietà');

    // The card took the lines and the fee but not the contribution the metadata names: the treasurer checks it.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const short = await fulfilPayment(db, pi('pi_contribution_short', onlineTotal(60).totalCents, '12.50'), 'test', context);
    expect(short.order).toMatchObject({ status: 'Da Verificare', receiptNumber: null });
  });

  it('is the same document for the family, the admin and the e-mail', async () => {
    const id = await transferToVerify('pay-same');
    await confirm(id);
    const parent = await call(receipt, 'receipt', { paymentId: id }, { cookie: await sessionCookie(FAMILY, PAYER.id) });
    const admin = await call(
      adminReceipt,
      'admin-receipt',
      { paymentId: id, action: 'download' },
      { authorization: `Bearer ${treasurer}` },
    );
    expect(parent.response.status).toBe(200);
    expect(parent.response.headers.get('content-type')).toBe('application/pdf');
    expect(parent.response.headers.get('content-disposition')).toBe(`attachment; filename="Ricevuta-${YEAR}-1.pdf"`);
    const parentBytes = Buffer.from(await parent.response.arrayBuffer());
    const adminBytes = Buffer.from(await admin.response.arrayBuffer());
    expect(parentBytes.equals(adminBytes)).toBe(true);
    const message = await testInbox().waitFor((mail) => mail.to.includes(EMAIL) && mail.text.includes(`ricevuta n. ${YEAR}/1.`));
    const mailed = Buffer.from(await testInbox().attachment(message, message.attachments[0]?.filename ?? ''));
    expect(mailed.equals(parentBytes)).toBe(true);
  });

  it('is refused to another family, to a browser without a session, and before the payment is confirmed', async () => {
    const id = await transferToVerify('pay-private');
    expect((await call(receipt, 'receipt', { paymentId: id }, { cookie: await sessionCookie(FAMILY, PAYER.id) })).response.status).toBe(
      404,
    );
    await confirm(id);
    // A live session of another family: its parent exists there (netlify/lib/platform/session-validity.ts).
    await db
      .collection('parents')
      .doc('parent-verdi-paolo')
      .set({ id: 'parent-verdi-paolo', cf: 'VRDPLA78S23H501P', family_id: 'family-verdi' });
    const other = await call(receipt, 'receipt', { paymentId: id }, { cookie: await sessionCookie('family-verdi', 'parent-verdi-paolo') });
    expect(other.response.status).toBe(404);
    expect(await other.response.json()).toEqual({ error: 'Ricevuta non trovata.' });
    expect((await call(receipt, 'receipt', { paymentId: id }, {})).response.status).toBe(401);
    expect((await call(adminReceipt, 'admin-receipt', { paymentId: id, action: 'download' }, {})).response.status).toBe(401);
  });

  it("is listed in the family's lookup with its season, number and amount", async () => {
    const id = await transferToVerify('pay-listed');
    await confirm(id);
    const { response } = await call(lookupFamily, 'lookup-family', { cf: PAYER.cf }, { cookie: await sessionCookie(FAMILY, PAYER.id) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { receipts: unknown[] };
    expect(body.receipts).toEqual([
      {
        paymentId: id,
        season: SEASON.campYear,
        kind: 'receipt',
        number: `${YEAR}/1`,
        amountEuros: 280,
        issuedAt: expect.any(String) as string,
        annulled: false,
        remark: '',
      },
    ]);
  });
});

describe("'Invia di nuovo'", () => {
  it('sends the receipt to the family again and writes an audit entry', async () => {
    const id = await transferToVerify('pay-resend');
    await confirm(id);
    const { response, settled } = await call(
      adminReceipt,
      'admin-receipt',
      { paymentId: id, action: 'resend' },
      {
        authorization: `Bearer ${treasurer}`,
      },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sentTo: [EMAIL] });
    await settled();
    const message = await testInbox().waitFor((mail) => mail.to.includes(EMAIL) && mail.subject === `Ricevuta n. ${YEAR}/1`);
    expect(message.attachments).toHaveLength(1);
    const entries = (await db.collection('audit_log').where('action', '==', 'receipt.resend').get()).docs.map((doc) => doc.data());
    expect(entries).toEqual([expect.objectContaining({ actor: expect.objectContaining({ email: 'tesoriere@example.com' }) as unknown })]);
  });

  it('answers 409 for a payment without a receipt', async () => {
    const id = await transferToVerify('pay-none');
    const { response } = await call(
      adminReceipt,
      'admin-receipt',
      { paymentId: id, action: 'resend' },
      { authorization: `Bearer ${treasurer}` },
    );
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toMatch(/non ha una ricevuta/);
  });
});

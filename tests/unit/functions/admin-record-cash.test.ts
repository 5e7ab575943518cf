import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import adminRecordCash from '../../../netlify/functions/admin-record-cash';
import { adminFunctionTestbed } from '../../support/admin-function';

/** 'Registra pagamento in contanti' (docs/admin-orders.md): cash priced by the catalogue, Confermato, with a receipt, once per request. */

const testbed = adminFunctionTestbed('demo-record-cash', adminRecordCash, 'admin-record-cash');
const db = () => testbed.db();
const recordCash = testbed.call;

const verdiSweatshirts = (idempotencyKey = randomUUID()) => ({
  familyId: 'family-verdi',
  product: 'felpa',
  children: [
    { id: 'son-verdi-matteo', size: 'M' },
    { id: 'son-verdi-sofia', size: 'S' },
  ],
  idempotencyKey,
});

describe('admin-record-cash', () => {
  it("records Verdi's two sweatshirts paid in cash: priced by the server, Confermato, 'Contanti', a receipt, the e-mail and the audit entry, once per request", async () => {
    const body = verdiSweatshirts();
    const [first, again] = [await recordCash(body), await recordCash(body)];
    expect(first).toMatchObject({ status: 201, body: { totalEuros: 60, receiptNumber: expect.stringMatching(/^\d{4}\/\d+$/) } });
    expect(again).toMatchObject({ status: 200, body: { orderId: first.body.orderId } });

    const payments = (await db().collection('payments').where('method', '==', 'Contanti').get()).docs.map((doc) => doc.data());
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'Confermato', total_amount: 60, family_surname: 'Verdi', reference: null });
    const mails = (await db().collection('mail').where('kind', '==', 'cash-payment').get()).docs.map((doc) => doc.data());
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('abbiamo ricevuto il tuo pagamento in contanti');
    expect(mails[0]?.attachments).toEqual([{ kind: 'receipt', payment_id: payments[0]?.id, number: payments[0]?.receipt?.number }]);
    const audit = (await db().collection('audit_log').where('action', '==', 'payment.cash').get()).docs.map((doc) => doc.data());
    expect(audit.map((entry) => entry.summary)).toEqual(['Pagamento in contanti registrato: famiglia Verdi, Felpa Reparto, 60,00 €']);
  });

  it('refuses a child who holds the product, a child of another family, and a browser without the admin claim', async () => {
    await recordCash(verdiSweatshirts());
    expect(await recordCash(verdiSweatshirts())).toMatchObject({ status: 409 });
    expect(await recordCash({ ...verdiSweatshirts(), children: [{ id: 'son-rossi-marco', size: 'M' }] })).toMatchObject({ status: 400 });
    expect((await recordCash(verdiSweatshirts(), testbed.tokens.parent)).status).toBe(403);
    expect((await db().collection('payments').where('method', '==', 'Contanti').get()).size).toBe(1);
  });
});

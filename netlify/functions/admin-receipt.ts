import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION, paymentDocument } from '@domain/documents';
import { annullingCreditNote, receiptAmount } from '@domain/credit-note';
import { hasReceipt } from '@domain/receipt';
import { requireStaff } from '../lib/admin-auth';
import { adminActor, recordAudit } from '../lib/audit-log';
import { readSnapshot } from '../lib/documents';
import { getDb, runTransaction } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { receiptMail } from '../lib/mail/messages';
import { deliverMail, enqueueMail, familyAddresses, mailContext } from '../lib/mail/outbox';
import { parseBody } from '../lib/order-request';
import { fileResponse, paymentFile, withPaymentFile } from '../lib/receipts/receipt-file';

/** Italian messages of admin-receipt. */
export const ADMIN_RECEIPT_MESSAGES = {
  malformed: 'Richiesta non valida: servono "paymentId" e "action" (download o resend); per una nota di credito anche "kind" e "number".',
  notFound: 'Il pagamento non esiste più. Aggiorna la pagina.',
  noReceipt: 'Questo pagamento non ha una ricevuta: si emette quando il pagamento è confermato.',
  noDocument: 'Questo pagamento non ha il documento chiesto. Aggiorna la pagina.',
  noAddress: 'Nessun genitore della famiglia ha un indirizzo e-mail: aggiungilo in Famiglie e riprova.',
} as const;

const bodySchema = withPaymentFile({ paymentId: z.string().min(1).max(128), action: z.enum(['download', 'resend']) });

/**
 * POST /.netlify/functions/admin-receipt `{ paymentId, action, kind?,
 * number? }` with an admin's ID token (docs/api.md, "admin-receipt";
 * docs/admin.md, "Receipts" and "Credit notes"). 'download' answers the
 * PDF of the payment's receipt (`kind` 'receipt', the default: its current
 * one, or the earlier one `number` names) or of its credit note `number`
 * ('Ricevuta', 'Nota di credito' on the payment's row), the same bytes the
 * family downloads; 'resend' ('Invia di nuovo') writes 'Ricevuta n. …'
 * with the receipt's PDF and those of the credit notes that cite it to the
 * outbox for every parent of the family with an e-mail and an audit entry,
 * in one transaction, and answers 200 `{ sentTo }` (the addresses); the
 * message leaves after the answer.
 * Errors `{ error }` in Italian: 400 malformed, 401/403 without an admin
 * token, 404 unknown payment or document, 409 a payment without a receipt,
 * 422 a family without an e-mail address, 405 other methods.
 */
export default jsonFunction('admin-receipt', async (body, request, context) => {
  const { token } = await requireStaff(request, 'admin-receipt', 'payments');
  const { paymentId, action, ...document } = parseBody(bodySchema, body, ADMIN_RECEIPT_MESSAGES.malformed);
  const db = getDb();
  const ref = db.collection(COLLECTION.payments).doc(paymentId);
  if (action === 'download') {
    const payment = readSnapshot(paymentDocument, await ref.get());
    if (!payment) throw new HttpError(404, ADMIN_RECEIPT_MESSAGES.notFound);
    if (!hasReceipt(payment)) throw new HttpError(409, ADMIN_RECEIPT_MESSAGES.noReceipt);
    const file = await paymentFile(payment, document);
    if (!file) throw new HttpError(404, ADMIN_RECEIPT_MESSAGES.noDocument);
    return fileResponse(file);
  }
  const actor = adminActor(token);
  const { mailId, sentTo } = await runTransaction(db, async (transaction) => {
    const payment = readSnapshot(paymentDocument, await transaction.get(ref));
    if (!payment) throw new HttpError(404, ADMIN_RECEIPT_MESSAGES.notFound);
    if (!hasReceipt(payment)) throw new HttpError(409, ADMIN_RECEIPT_MESSAGES.noReceipt);
    const addresses = await familyAddresses(db, transaction, payment.family_id);
    if (addresses.length === 0) throw new HttpError(422, ADMIN_RECEIPT_MESSAGES.noAddress);
    const { number } = payment.receipt;
    const notes = payment.credit_notes.filter((note) => note.receipt_number === number);
    const id = enqueueMail(db, transaction, {
      kind: 'receipt',
      to: addresses,
      familyId: payment.family_id,
      content: receiptMail(
        {
          familySurname: payment.family_surname,
          receiptNumber: number,
          totalEuros: receiptAmount(payment, payment.receipt),
          creditNotes: notes.map((note) => note.number),
          annulledBy: annullingCreditNote(payment, number)?.number ?? null,
        },
        mailContext(request),
      ),
      attachments: [
        { kind: 'receipt', payment_id: payment.id, number },
        ...notes.map((note) => ({ kind: 'credit-note' as const, payment_id: payment.id, number: note.number })),
      ],
    });
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.receiptResend,
      target: { collection: COLLECTION.payments, id: payment.id },
      summary: `Ricevuta n. ${number} inviata di nuovo alla famiglia ${payment.family_surname} (${addresses.join(', ')})`,
      before: null,
      after: { receipt: number, credit_notes: notes.map((note) => note.number), to: addresses },
    });
    return { mailId: id, sentTo: addresses };
  });
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  return jsonResponse(200, { sentTo });
});

/** An admin sends a few receipts a minute; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { AUDIT_ACTION } from '../../src/domain/audit-log';
import { COLLECTION, paymentDocument } from '../../src/domain/documents';
import { hasReceipt, receiptTotal, receiptDataOf } from '../../src/domain/receipt';
import { RECEIPT_ISSUER } from '../../src/config/receipt';
import { requireStaff } from '../lib/admin-auth';
import { adminActor, recordAudit } from '../lib/audit-log';
import { readSnapshot } from '../lib/documents';
import { getDb, runTransaction } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { receiptMail } from '../lib/mail/messages';
import { deliverMail, enqueueMail, familyAddresses, mailContext } from '../lib/mail/outbox';
import { parseBody } from '../lib/order-request';
import { receiptResponse } from '../lib/receipts/receipt-file';

/** Italian messages of admin-receipt. */
export const ADMIN_RECEIPT_MESSAGES = {
  malformed: 'Richiesta non valida: servono "paymentId" e "action" (download o resend).',
  notFound: 'Il pagamento non esiste più. Aggiorna la pagina.',
  noReceipt: 'Questo pagamento non ha una ricevuta: si emette quando il pagamento è confermato.',
  noAddress: 'Nessun genitore della famiglia ha un indirizzo e-mail: aggiungilo in Famiglie e riprova.',
} as const;

const bodySchema = z.object({
  paymentId: z.string().min(1).max(128),
  action: z.enum(['download', 'resend']),
});

/**
 * POST /.netlify/functions/admin-receipt `{ paymentId, action }` with an
 * admin's ID token (docs/api.md, "admin-receipt"; docs/admin.md,
 * "Receipts"). 'download' answers the receipt PDF ('Ricevuta' on the
 * payment's row), the same bytes the family downloads; 'resend' ('Invia di
 * nuovo') writes 'Ricevuta n. …' with the PDF to the outbox for every
 * parent of the family with an e-mail and an audit entry, in one
 * transaction, and answers 200 `{ sentTo }` (the addresses); the message
 * leaves after the answer.
 * Errors `{ error }` in Italian: 400 malformed, 401/403 without an admin
 * token, 404 unknown payment, 409 a payment without a receipt, 422 a family
 * without an e-mail address, 405 other methods.
 */
export default jsonFunction('admin-receipt', async (body, request, context) => {
  const { token } = await requireStaff(request, 'admin-receipt', 'payments');
  const { paymentId, action } = parseBody(bodySchema, body, ADMIN_RECEIPT_MESSAGES.malformed);
  const db = getDb();
  const ref = db.collection(COLLECTION.payments).doc(paymentId);
  if (action === 'download') {
    const payment = readSnapshot(paymentDocument, await ref.get());
    if (!payment) throw new HttpError(404, ADMIN_RECEIPT_MESSAGES.notFound);
    if (!hasReceipt(payment)) throw new HttpError(409, ADMIN_RECEIPT_MESSAGES.noReceipt);
    return receiptResponse(payment);
  }
  const actor = adminActor(token);
  const { mailId, sentTo } = await runTransaction(db, async (transaction) => {
    const payment = readSnapshot(paymentDocument, await transaction.get(ref));
    if (!payment) throw new HttpError(404, ADMIN_RECEIPT_MESSAGES.notFound);
    if (!hasReceipt(payment)) throw new HttpError(409, ADMIN_RECEIPT_MESSAGES.noReceipt);
    const addresses = await familyAddresses(db, transaction, payment.family_id);
    if (addresses.length === 0) throw new HttpError(422, ADMIN_RECEIPT_MESSAGES.noAddress);
    const { number } = payment.receipt;
    const totalEuros = receiptTotal(receiptDataOf(payment, RECEIPT_ISSUER));
    const id = enqueueMail(db, transaction, {
      kind: 'receipt',
      to: addresses,
      familyId: payment.family_id,
      content: receiptMail({ familySurname: payment.family_surname, receiptNumber: number, totalEuros }, mailContext(request)),
      attachments: [{ kind: 'receipt', payment_id: payment.id }],
    });
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.receiptResend,
      target: { collection: COLLECTION.payments, id: payment.id },
      summary: `Ricevuta n. ${number} inviata di nuovo alla famiglia ${payment.family_surname} (${addresses.join(', ')})`,
      before: null,
      after: { receipt: number, to: addresses },
    });
    return { mailId: id, sentTo: addresses };
  });
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  return jsonResponse(200, { sentTo });
});

/** An admin sends a few receipts a minute; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

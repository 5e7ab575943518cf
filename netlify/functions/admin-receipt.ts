import type { Config } from '@netlify/functions';
import { adminReceiptContract } from '@contracts/admin-receipt';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION, paymentDocument } from '@domain/documents';
import { annullingCreditNote, receiptAmount } from '@domain/credit-note';
import { hasReceipt } from '@domain/receipt';
import { adminContractFunction } from '../lib/admin-function';
import { adminActor, recordAudit } from '../lib/audit-log';
import { readSnapshot } from '../lib/documents';
import { getDb, runTransaction } from '../lib/firestore';
import { HttpError } from '../lib/http';
import { receiptMail } from '../lib/mail/messages';
import { deliverMail, enqueueMail, familyAddresses, mailContext } from '../lib/mail/outbox';
import { fileResponse, paymentFile } from '../lib/receipts/receipt-file';

const MESSAGES = adminReceiptContract.messages;

/**
 * POST /.netlify/functions/admin-receipt (adminReceiptContract; docs/admin.md,
 * "Receipts" and "Credit notes"): 'download' answers the PDF the family
 * downloads (paymentFile); 'resend' writes 'Ricevuta n. …' with the
 * receipt's PDF and those of the credit notes that cite it to the outbox
 * for every parent with an e-mail, and an audit entry, in one transaction;
 * the message leaves after the answer.
 */
export default adminContractFunction(adminReceiptContract, 'payments', async (input, { token }, request, context) => {
  const { paymentId, action, ...document } = input;
  const db = getDb();
  const ref = db.collection(COLLECTION.payments).doc(paymentId);
  if (action === 'download') {
    const payment = readSnapshot(paymentDocument, await ref.get());
    if (!payment) throw new HttpError(404, MESSAGES.notFound);
    if (!hasReceipt(payment)) throw new HttpError(409, MESSAGES.noReceipt);
    const file = await paymentFile(payment, document);
    if (!file) throw new HttpError(404, MESSAGES.noDocument);
    return fileResponse(file);
  }
  const actor = adminActor(token);
  const { mailId, sentTo } = await runTransaction(db, async (transaction) => {
    const payment = readSnapshot(paymentDocument, await transaction.get(ref));
    if (!payment) throw new HttpError(404, MESSAGES.notFound);
    if (!hasReceipt(payment)) throw new HttpError(409, MESSAGES.noReceipt);
    const addresses = await familyAddresses(db, transaction, payment.family_id);
    if (addresses.length === 0) throw new HttpError(422, MESSAGES.noAddress);
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
  return { body: { sentTo } };
});

/** An admin sends a few receipts a minute; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

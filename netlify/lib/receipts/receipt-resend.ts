import type { Firestore } from 'firebase-admin/firestore';
import { adminReceiptContract } from '@contracts/admin-receipt';
import { AUDIT_ACTION } from '@domain/audit-log';
import { annullingCreditNote, receiptAmount } from '@domain/receipts/credit-note';
import { COLLECTION } from '@domain/collections';
import { paymentDocument } from '@domain/payments/payment-schema';
import { hasReceipt } from '@domain/receipts/receipt';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import type { MailContext } from '../platform/mail/layout';
import { receiptMail } from './receipt-mails';
import { enqueueMail, familyAddresses } from '../platform/mail/outbox';

const MESSAGES = adminReceiptContract.messages;

/**
 * 'Invia di nuovo' on a payment's row (docs/admin.md, "Receipts"): in one
 * transaction, 'Ricevuta n. …' with the receipt's PDF and those of the
 * credit notes that cite it to the outbox for every parent of the family
 * with an e-mail, and a `receipt.resend` audit entry.
 * @returns the message's id (send it after the answer) and the addresses.
 * @throws HttpError 404 an unknown payment, 409 a payment without a receipt, 422 a family without an e-mail address.
 */
export async function resendReceipt(
  db: Firestore,
  paymentId: string,
  actor: AuditActor,
  mail: MailContext,
): Promise<{ mailId: string | null; sentTo: string[] }> {
  const ref = db.collection(COLLECTION.payments).doc(paymentId);
  return runTransaction(db, async (transaction) => {
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
        mail,
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
}

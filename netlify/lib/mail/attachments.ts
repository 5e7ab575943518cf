import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTION, paymentDocument, type MailAttachment } from '../../../src/domain/documents';
import { hasReceipt, receiptFileName } from '../../../src/domain/receipt';
import { readSnapshot } from '../documents';
import { receiptPdf } from '../receipts/receipt-file';
import type { SmtpMessage } from './transport';

/**
 * The file an outbox message names (`mail.attachments`), made when it is
 * sent: a payment's receipt PDF, the same bytes the parent and the admin
 * download.
 * @throws Error when the payment or its receipt is gone: the message is retried, then given up.
 */
export async function makeAttachment(db: Firestore, attachment: MailAttachment): Promise<NonNullable<SmtpMessage['attachments']>[number]> {
  const payment = readSnapshot(paymentDocument, await db.collection(COLLECTION.payments).doc(attachment.payment_id).get());
  if (!payment || !hasReceipt(payment)) throw new Error(`payment ${attachment.payment_id} has no receipt to attach`);
  return { filename: receiptFileName(payment.receipt.number), content: await receiptPdf(payment), contentType: 'application/pdf' };
}

import type { Config } from '@netlify/functions';
import { adminReceiptContract } from '@contracts/admin-receipt';
import { COLLECTION } from '@domain/collections';
import { paymentDocument } from '@domain/payments/payment-schema';
import { hasReceipt } from '@domain/receipts/receipt';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor } from '../lib/platform/audit-log';
import { readSnapshot } from '../lib/platform/snapshots';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { resendReceipt } from '../lib/receipts/receipt-resend';
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
  const { mailId, sentTo } = await resendReceipt(db, paymentId, adminActor(token), mailContext(request));
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  return { body: { sentTo } };
});

/** An admin sends a few receipts a minute; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

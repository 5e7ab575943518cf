import type { Firestore } from 'firebase-admin/firestore';
import { RECEIPT_ISSUER } from '@config/receipt';
import { creditNoteDataOf, creditNoteFileName, findCreditNote, receiptDocumentOf } from '@domain/receipts/credit-note';
import { COLLECTION } from '@domain/collections';
import { paymentDocument, type PaymentDocument } from '@domain/payments/payment-schema';
import { receiptFileName } from '@domain/receipts/receipt';
import { readSnapshot } from '../platform/snapshots';
import type { AttachmentOf, SmtpAttachment } from '../platform/mail/attachments';
import { renderCreditNotePdf, renderReceiptPdf } from './receipt-pdf';

/**
 * The PDFs of a payment's documents (docs/admin.md, "Receipts" and "Credit
 * notes"): made again on each request, identical bytes for the same stored
 * state, the same for the family, the admin and the e-mail.
 */

/** Which document of a payment: a receipt (its current one when `number` is absent) or a credit note. */
export type PaymentFileRequest = { kind: 'receipt'; number?: string } | { kind: 'credit-note'; number: string };

/** A document's PDF and its file name ('Ricevuta-{year}-42.pdf', 'Nota-di-credito-{year}-3.pdf'). */
export interface PaymentFile {
  filename: string;
  bytes: Uint8Array;
}

/** The PDF of the document `request` of `payment`; null when the payment has no such document. */
export async function paymentFile(payment: PaymentDocument, request: PaymentFileRequest): Promise<PaymentFile | null> {
  if (request.kind === 'credit-note') {
    const note = findCreditNote(payment, request.number);
    const data = note ? creditNoteDataOf(payment, note, RECEIPT_ISSUER) : null;
    return data ? { filename: creditNoteFileName(note!.number), bytes: await renderCreditNotePdf(data) } : null;
  }
  const number = request.number ?? payment.receipt?.number;
  const data = number ? receiptDocumentOf(payment, number, RECEIPT_ISSUER) : null;
  return data ? { filename: receiptFileName(data.number), bytes: await renderReceiptPdf(data) } : null;
}

/** A download of `file`: 200 application/pdf, as an attachment under its name, never cached by a shared cache. */
export function fileResponse(file: PaymentFile): Response {
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

/**
 * The attachment of a receipt or a credit note (`{ kind, payment_id,
 * number }` in `mail.attachments`): the same bytes the parent and the admin
 * download, from the payment as it is when the message is sent.
 * @throws Error when the payment or the document is gone: the message is retried, then given up.
 */
export async function paymentAttachment(db: Firestore, attachment: AttachmentOf<'receipt' | 'credit-note'>): Promise<SmtpAttachment> {
  const payment = readSnapshot(paymentDocument, await db.collection(COLLECTION.payments).doc(attachment.payment_id).get());
  const file = payment ? await paymentFile(payment, attachment) : null;
  if (!file) throw new Error(`payment ${attachment.payment_id} has no ${attachment.kind} ${attachment.number ?? ''} to attach`);
  return { filename: file.filename, content: file.bytes, contentType: 'application/pdf' };
}

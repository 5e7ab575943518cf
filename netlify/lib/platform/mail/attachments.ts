import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';
import { paymentDocument } from '@domain/payments/payment-schema';
import type { MailAttachment } from '@domain/mail-schema';
import { readSnapshot } from '../snapshots';
import { paymentFile } from '../../receipts/receipt-file';
import { eventCalendarFile } from '../../events/event-calendar';
import { readSignature, signatureFile } from '../../documents/signature-file';
import type { SmtpMessage } from './transport';

/**
 * The file an outbox message names (`mail.attachments`), made when it is
 * sent: a payment's receipt or credit note PDF, the same bytes the parent
 * and the admin download (netlify/lib/receipts/receipt-file.ts); or a
 * signature's PDF copy (netlify/lib/documents/signature-file.ts); or an event's
 * calendar entry (netlify/lib/events/event-calendar.ts).
 * @throws Error when the payment or the document is gone: the message is retried, then given up.
 */
export async function makeAttachment(db: Firestore, attachment: MailAttachment): Promise<NonNullable<SmtpMessage['attachments']>[number]> {
  if (attachment.kind === 'signature') {
    const signature = await readSignature(db, attachment.signature_id);
    if (!signature) throw new Error(`signature ${attachment.signature_id} is gone`);
    const file = await signatureFile(db, signature);
    return { filename: file.filename, content: file.bytes, contentType: 'application/pdf' };
  }
  if (attachment.kind === 'event-calendar') {
    const file = await eventCalendarFile(db, attachment.event_id, attachment.child_id, attachment.child_name);
    return {
      filename: file.filename,
      content: new TextEncoder().encode(file.text),
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    };
  }
  const payment = readSnapshot(paymentDocument, await db.collection(COLLECTION.payments).doc(attachment.payment_id).get());
  const file = payment ? await paymentFile(payment, attachment) : null;
  if (!file) throw new Error(`payment ${attachment.payment_id} has no ${attachment.kind} ${attachment.number ?? ''} to attach`);
  return { filename: file.filename, content: file.bytes, contentType: 'application/pdf' };
}

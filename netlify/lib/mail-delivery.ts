import { mailDelivery } from './platform/mail/outbox';
import type { AttachmentRenderers } from './platform/mail/attachments';
import { paymentAttachment } from './receipts/receipt-file';
import { eventCalendarAttachment } from './events/event-calendar';
import { signatureAttachment } from './documents/signature-file';

/**
 * The composition root of the outbox (docs/architecture.md, "E-mail"): the
 * platform's sender (netlify/lib/platform/mail/outbox.ts) knows no
 * capability, so the renderers of the files a message may carry are given
 * to it here, the one place that knows them all. Every function that sends
 * mail, and the scheduled mail-outbox, sends through these.
 */

/** The renderer of each attachment kind (MailAttachment, src/domain/mail-schema.ts): receipts and credit notes, signatures' copies, events' calendar entries. */
export const MAIL_ATTACHMENTS: AttachmentRenderers = {
  receipt: paymentAttachment,
  'credit-note': paymentAttachment,
  signature: signatureAttachment,
  'event-calendar': eventCalendarAttachment,
};

/** The outbox's sender with every capability's attachments (MailDelivery, netlify/lib/platform/mail/outbox.ts). */
export const { deliverMail, deliverDue } = mailDelivery(MAIL_ATTACHMENTS);

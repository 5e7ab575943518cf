import type { Firestore } from 'firebase-admin/firestore';
import type { MailAttachment } from '@domain/mail-schema';
import type { SmtpMessage } from './transport';

/**
 * The files an outbox message names (`mail.attachments`), made when it is
 * sent. The platform knows their kinds (MailAttachment, src/domain/mail-schema.ts)
 * but not how each is made: the capabilities do (a receipt's PDF, a
 * signature's copy, an event's calendar entry), and the composition root
 * (netlify/lib/mail-delivery.ts) hands their renderers to the outbox
 * (mailDelivery, ./outbox.ts).
 */

/** One file as SMTP attaches it: name, bytes, MIME type. */
export type SmtpAttachment = NonNullable<SmtpMessage['attachments']>[number];

/** An attachment of one kind, as the outbox record stores it. */
export type AttachmentOf<K extends MailAttachment['kind']> = Extract<MailAttachment, { kind: K }>;

/**
 * Makes the file of an attachment of kind `K` from what Firestore holds now.
 * @throws Error when its source is gone: the message is retried, then given up.
 */
export type AttachmentRenderer<K extends MailAttachment['kind']> = (db: Firestore, attachment: AttachmentOf<K>) => Promise<SmtpAttachment>;

/** One renderer for every kind of attachment a message may name. */
export type AttachmentRenderers = { [K in MailAttachment['kind']]: AttachmentRenderer<K> };

/**
 * The file of `attachment`, by the renderer of its kind in `renderers`.
 * @throws what the renderer throws (its source is gone).
 */
export function makeAttachment<K extends MailAttachment['kind']>(
  db: Firestore,
  renderers: AttachmentRenderers,
  attachment: AttachmentOf<K>,
): Promise<SmtpAttachment> {
  const render: AttachmentRenderer<K> = renderers[attachment.kind];
  return render(db, attachment);
}

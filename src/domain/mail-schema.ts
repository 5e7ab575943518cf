import { z } from 'zod';
import { timestamp } from './collections';

/** The e-mails a parent receives (docs/architecture.md, "E-mail"). */
export const MAIL_KINDS = [
  'access-code',
  'bank-transfer-order',
  'card-payment',
  'cash-payment',
  'transfer-confirmed',
  'order-cancelled',
  'medical-form',
  'receipt',
  'reminder',
  'staff-invitation',
  'access-link',
  'access-locked',
  'credit-note',
  'refund-failed',
  'signature-code',
  'document-signed',
  'consent-withdrawn',
  'email-change-code',
  'email-changed',
  'document-reminder',
  'event-offer',
  'event-cancelled',
  'event-confirmed',
  'debit-processing',
  'debit-failed',
  'family-parent-edited',
  'admission-code',
  'admission-applied',
  'admission-offer',
  'admission-interest',
  'admission-lapsed',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * A file a message carries, named by what it is made from: a receipt of the
 * payment `payment_id` (`number`, or its current one when absent), or one of
 * its credit notes.
 */
export const mailAttachment = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('receipt'), payment_id: z.string(), number: z.string().optional() }),
  z.object({ kind: z.literal('credit-note'), payment_id: z.string(), number: z.string() }),
  /** The PDF copy of a signature (netlify/lib/documents/signature-pdf.ts), rebuilt from `document_signatures/{signature_id}`. */
  z.object({ kind: z.literal('signature'), signature_id: z.string() }),
  /** The .ics calendar entry of an event for a child with a place (netlify/lib/events/event-calendar.ts), made from `events/{event_id}`. */
  z.object({ kind: z.literal('event-calendar'), event_id: z.string(), child_id: z.string(), child_name: z.string() }),
]);
export type MailAttachment = z.infer<typeof mailAttachment>;

/**
 * `mail/{id}`: one message of the outbox (netlify/lib/platform/mail/outbox.ts), from
 * the transaction of its event to 'sent', 'failed' (given up after a day)
 * or 'dropped' (not sent: it expired before it could go, or the sign-in
 * allowance was spent; `last_error` says which). Server only: an access
 * code's text is cleared once sent.
 */
export const mailDocument = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  family_id: z.string().nullable(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(['pending', 'sent', 'failed', 'dropped']),
  attempts: z.number().int().nonnegative(),
  created_at: timestamp,
  next_attempt_at: timestamp,
  lease_until: timestamp.nullable(),
  sent_at: timestamp.nullable(),
  last_error: z.string().nullable(),
  /** Made when the message is sent, from the documents they name: a payment's receipt PDF. */
  attachments: z.array(mailAttachment).default([]),
  /** Until when the mail budget last held it (netlify/lib/platform/mail/mail-budget.ts); the day of tries before giving up counts from then. */
  held_until: timestamp.nullable().default(null),
  /** Worth sending only until then (an access code's validity, a waiting-list offer's deadline): past it the outbox drops it; null for ever. */
  expires_at: timestamp.nullable().default(null),
});
export type MailDocument = z.infer<typeof mailDocument>;

/**
 * `mail_budget/{yyyy-mm-dd}`: the e-mails the outbox sent on an Italian day
 * (netlify/lib/platform/mail/mail-budget.ts): the ordinary day's recipients
 * (`total`) and messages per recipient (`recipients`, keyed by a hash of the
 * address); the sign-in allowance's own (`sign_in_total`,
 * `sign_in_recipients`: netlify/lib/platform/mail/sign-in-allowance.ts);
 * and which caps have been reported in the audit log that day.
 * `expires_at` lets a TTL policy delete it. Server only.
 */
export const mailBudgetDocument = z.object({
  day: z.string(),
  total: z.number().int().nonnegative().default(0),
  recipients: z.record(z.string(), z.number().int().nonnegative()).default({}),
  sign_in_total: z.number().int().nonnegative().default(0),
  sign_in_recipients: z.record(z.string(), z.number().int().nonnegative()).default({}),
  reported: z.array(z.string()).default([]),
  expires_at: timestamp,
});
export type MailBudgetDocument = z.infer<typeof mailBudgetDocument>;

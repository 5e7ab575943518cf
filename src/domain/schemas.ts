import { z } from 'zod';
import { AUDIT_ACTIONS } from './audit-log';
import { BRANCHES } from './branches';
import { RECORDED_METHODS } from './payments/payment-method';
import { PAYMENT_STATUS } from './payments/payment-status';
import { SIZES } from './catalogue/sizes';
import { instalmentPlansSchema, seasonProductsSchema } from './catalogue/season-product-schema';
import { bankAccountSchema } from './payments/bank-account';
import { medicalFormSettingsSchema } from './medical-forms/medical-form-settings-schema';
import { paymentDeadlinesSchema } from './season/season-settings';
import { priceRuleSchema } from './catalogue/price-rule-schema';
import { SEED_PRODUCT_IDS } from './catalogue/seed';
import { stampDutySettingSchema } from './receipts/stamp-duty';
import { staffSchema } from './staff/staff-role-schema';
import { CREDIT_NOTE_REASONS } from './receipts/credit-note-reason';
import { timestamp } from './firestore-timestamp';
import { MODELLO_D_CODES } from './accounts/modello-d';

/**
 * The Firestore documents of the portal, declared once (docs/data-model.md).
 * Types are inferred from these zod schemas; the browser's and the server's
 * converters parse every document read with them, so a document that does
 * not match is reported instead of being typed as valid.
 *
 * Timestamps: any value with `toDate()` (the Timestamp of either Firebase
 * SDK) is read as a Date.
 */

/** Collection names. */
export const COLLECTION = {
  sons: 'sons',
  parents: 'parents',
  families: 'families',
  orders: 'orders',
  orderItems: 'order_items',
  payments: 'payments',
  auditLog: 'audit_log',
  stripePaymentIntents: 'stripe_payment_intents',
  stripeEvents: 'stripe_events',
  rateLimits: 'rate_limits',
  rosterIndex: 'roster_index',
  mail: 'mail',
  accessCodes: 'access_codes',
  receiptCounters: 'receipt_counters',
  seasonSettings: 'season_settings',
  reminders: 'reminders',
  transferReferences: 'transfer_references',
  refundRequests: 'refund_requests',
  statementLines: 'statement_lines',
  seasonTotals: 'season_totals',
  uploadSignatures: 'upload_signatures',
  staffAccounts: 'staff_accounts',
  accessLimits: 'access_limits',
  accessLinks: 'access_links',
  mailBudget: 'mail_budget',
  creditNoteCounters: 'credit_note_counters',
  groupDocuments: 'group_documents',
  documentSignatures: 'document_signatures',
  signatureRequests: 'signature_requests',
  emailChanges: 'email_changes',
  events: 'events',
  eventSignups: 'event_signups',
  eventCounters: 'event_counters',
  accountLines: 'account_lines',
  familyReductions: 'family_reductions',
} as const;

/** A product's name as recorded: a catalogue entry's `plan` (src/domain/catalogue/product.ts). */
const plan = z.string().min(1);

/** The camp year an order belongs to (`SEASON.campYear` when it was recorded, src/config/season.ts). */
const season = z.number().int().positive();

/**
 * One medical form received for a child (docs/data-model.md, "Medical
 * forms"): its Cloudinary public id (folder included, unique per upload),
 * version, size in bytes, the season, when it was recorded and the
 * parent's consent to the privacy notice.
 */
export const medicalFormRecord = z.object({
  public_id: z.string(),
  version: z.number().int().positive(),
  bytes: z.number().int().nonnegative(),
  season: z.number().int().positive(),
  received_at: timestamp,
  /** The parent's 'Ho letto l'informativa' with this upload: when, and the notice's version (PRIVACY.noticeVersion); null for forms before it was asked. */
  consent: z.object({ at: timestamp, notice_version: z.string() }).nullable().default(null),
});
export type MedicalFormRecord = z.infer<typeof medicalFormRecord>;

/**
 * `sons/{id}`: a child. `medical_doc` is the newest medical form's private
 * URL, '' when none; `medical_forms` every form received, oldest first (a
 * second upload never replaces the first file: docs/data-model.md, "Medical
 * forms"). `archived_at` is set when an admin removed a child who has
 * orders: kept for the books, gone from the parents' lookups. Documents
 * written before these fields read as an empty history, not archived.
 */
export const childDocument = z.object({
  id: z.string(),
  family_id: z.string(),
  name: z.string(),
  surname: z.string(),
  cf: z.string(),
  branch: z.enum(BRANCHES),
  medical_doc: z.string().default(''),
  medical_forms: z.array(medicalFormRecord).default([]),
  archived_at: timestamp.nullable().default(null),
  updated_at: timestamp,
});
export type ChildDocument = z.infer<typeof childDocument>;

/**
 * `parents/{id}`: a parent's fiscal code and family, name and surname, and
 * the contacts the portal writes to: `email` (checked, lower case) and
 * `phone`, null when not given. Documents written before the contacts read
 * with empty names and no contacts.
 */
export const parentDocument = z.object({
  id: z.string(),
  cf: z.string(),
  family_id: z.string(),
  name: z.string().default(''),
  surname: z.string().default(''),
  email: z.string().nullable().default(null),
  phone: z.string().nullable().default(null),
});
export type ParentDocument = z.infer<typeof parentDocument>;

/**
 * `families/{id}`: surname and the ids of its orders; for the admin's
 * 'Famiglie' search, `surname_key` (the surname without spaces, lower case)
 * and `fiscal_codes` (every parent's and child's), written with the family's
 * people (docs/data-model.md, "The roster").
 */
export const familyDocument = z.object({
  id: z.string(),
  surname: z.string(),
  orders_id: z.array(z.string()).default([]),
  surname_key: z.string().optional(),
  fiscal_codes: z.array(z.string()).default([]),
  updated_at: timestamp,
  /** When a parent last confirmed the family's contacts ('Confermo' on 'La mia famiglia'), and for which camp year; null before any. */
  contacts_confirmed_at: timestamp.nullable().default(null),
  contacts_confirmed_season: season.nullable().default(null),
});
export type FamilyDocument = z.infer<typeof familyDocument>;

/** `orders/{id}`: links a family, its items and its payment. */
export const orderDocument = z.object({
  id: z.string(),
  created_at: timestamp,
  season,
  family_id: z.string(),
  order_items: z.array(z.string()),
  payment_id: z.string(),
});
export type OrderDocument = z.infer<typeof orderDocument>;

/**
 * `order_items/{id}`: one child, one plan; `note` is the size or ''; `price`
 * in euros. `season`, `family_id` and `payment_id` are copied from the order
 * so a family's or a season's items are one query (docs/data-model.md).
 * Code reads and writes its line (OrderLine) through
 * src/domain/orders/order-line-fields.ts, never these field names.
 */
export const orderItemDocument = z.object({
  id: z.string(),
  created_at: timestamp,
  season,
  family_id: z.string(),
  payment_id: z.string(),
  note: z.union([z.enum(SIZES), z.literal('')]),
  plan,
  son_info: z.object({ id: z.string(), name: z.string(), surname: z.string() }),
  price: z.number().nonnegative(),
});
export type OrderItemDocument = z.infer<typeof orderItemDocument>;

/** One step of a payment's history as the admin's row shows it: what happened, when, and who (an admin's e-mail, or 'Stripe'). */
export const paymentHistoryEntry = z.object({
  at: timestamp,
  action: z.enum(AUDIT_ACTIONS),
  by: z.string(),
  /** What the admin wrote with the step: the reason of a cancellation. */
  note: z.string().optional(),
});
export type PaymentHistoryEntry = z.infer<typeof paymentHistoryEntry>;

/**
 * A payment's receipt (docs/admin.md, "Receipts"), issued in the
 * transaction that confirmed the payment and never changed afterwards
 * (money given back is a credit note citing it, {@link paymentCreditNote}): its number `{year}/{n}`, when it was issued, when the
 * money was credited, the card service fee in euros (0 for none), and what
 * it prints of the people as they were then: the payer and each child's
 * fiscal code by child id.
 */
export const paymentReceipt = z.object({
  number: z.string(),
  issued_at: timestamp,
  credited_at: timestamp,
  service_fee: z.number().nonnegative(),
  payer: z.object({ name: z.string(), surname: z.string(), cf: z.string() }),
  child_fiscal_codes: z.record(z.string(), z.string()),
  /** The group's stamp duty setting when it was issued (src/domain/receipts/stamp-duty.ts); absent on older receipts, which print today's. */
  stamp_duty: stampDutySettingSchema.optional(),
});
export type PaymentReceipt = z.infer<typeof paymentReceipt>;

/**
 * A credit note ('nota di credito', docs/admin.md, "Credit notes") of a
 * payment, issued in the transaction that gave money back or took the
 * payment's receipt away (a refund, a dispute lost, a Bonifico's
 * confirmation undone, an order cancelled): its number `{year}/{n}` (its own
 * sequence, `credit_note_counters`), when, the euros it gives back and how
 * many of them were the card service fee, the receipt it cites, whether it
 * annuls that receipt (with the notes before it, it gives back the whole
 * amount), why (`reason`) and the line it prints ('Rimborso con carta').
 * `cancelled` is set when the refund it recorded failed (Stripe gave the
 * money back to the group): the note keeps its number and prints
 * 'ANNULLATA'; null while it stands.
 */
export const paymentCreditNote = z.object({
  number: z.string(),
  issued_at: timestamp,
  amount: z.number().positive(),
  service_fee: z.number().nonnegative(),
  /** Of `amount`, the 'Contributo al fondo di solidarietà' given back (the payment's `solidarity_contribution`); 0 for none and older notes. */
  solidarity_contribution: z.number().nonnegative().default(0),
  receipt_number: z.string(),
  voids_receipt: z.boolean(),
  reason: z.enum(CREDIT_NOTE_REASONS),
  description: z.string(),
  cancelled: z.object({ at: timestamp, reason: z.string() }).nullable().default(null),
  /** The group's stamp duty setting when it was issued, as on receipts; absent on older notes. */
  stamp_duty: stampDutySettingSchema.optional(),
});
export type PaymentCreditNote = z.infer<typeof paymentCreditNote>;

/**
 * `receipt_counters/{year}`: the last receipt number issued in a calendar
 * year, advanced in the transaction that issues the next one. Server only.
 * `credit_note_counters/{year}` has the same shape for credit notes.
 */
export const receiptCounterDocument = z.object({
  year: z.number().int().positive(),
  last: z.number().int().nonnegative(),
  updated_at: timestamp,
});
export type ReceiptCounterDocument = z.infer<typeof receiptCounterDocument>;

/**
 * `payments/{id}`: method, status and `total_amount` in euros (the items'
 * sum, without the card fee); one per order. The admin's list reads
 * payments, so each carries what it filters and shows: the season, the
 * order's plan, its order and family, the family surname and its filter key
 * (docs/data-model.md), and `lines`, a copy of the order's items in tick
 * order, so a row of the list is one document. `confirmed_at` and
 * `confirmed_by` (an admin's e-mail) are set when an admin confirms a
 * Bonifico, null otherwise. A card payment also keeps what Stripe reported
 * afterwards (docs/data-model.md, "Refunds and disputes"):
 * `recorded_status` (its status before any refund or dispute),
 * `refunded_amount` (euros) and `dispute` ('open', 'won', 'lost' or null).
 * `history` lists what admins and Stripe did to it, oldest first (the
 * audit log keeps the full record). `receipt` once it was confirmed
 * ({@link paymentReceipt}); `credit_notes`, `earlier_receipts` and
 * `refund_pending` below. Older documents read with the defaults.
 */
export const paymentDocument = z.object({
  id: z.string(),
  created_at: timestamp,
  season,
  order_id: z.string(),
  family_id: z.string(),
  family_surname: z.string(),
  surname_key: z.string(),
  plan,
  method: z.enum(RECORDED_METHODS),
  status: z.enum(PAYMENT_STATUS),
  total_amount: z.number().nonnegative(),
  /** The order's items in tick order: item id, child, size ('' when none), price in euros (read and written as OrderLine through src/domain/orders/order-line-fields.ts). */
  lines: z.array(
    z.object({
      item_id: z.string(),
      child_id: z.string(),
      name: z.string(),
      surname: z.string(),
      note: z.union([z.enum(SIZES), z.literal('')]),
      price: z.number().nonnegative(),
    }),
  ),
  confirmed_at: timestamp.nullable().default(null),
  confirmed_by: z.string().nullable().default(null),
  recorded_status: z.enum([PAYMENT_STATUS.confirmed, PAYMENT_STATUS.toVerify, PAYMENT_STATUS.processing, PAYMENT_STATUS.failed]).optional(),
  /** 'Contributo al fondo di solidarietà' in euros, charged with a card payment apart from its lines (not in `total_amount`); 0 for none and older payments. */
  solidarity_contribution: z.number().nonnegative().default(0),
  refunded_amount: z.number().nonnegative().default(0),
  /** Euros an admin asked Stripe to refund through the portal ('Rimborsa'), before its webhook reports them in `refunded_amount`. */
  refund_requested: z.number().nonnegative().default(0),
  dispute: z.enum(['open', 'won', 'lost']).nullable().default(null),
  history: z.array(paymentHistoryEntry).default([]),
  /** The parent whose session placed the order; null for orders recorded before it was kept. */
  parent_id: z.string().nullable().default(null),
  receipt: paymentReceipt.nullable().default(null),
  /** A Bonifico's reference code, appended to its reason ('CE25-7K3Q', src/domain/payments/transfer-reference.ts); null for a card payment and older orders. */
  reference: z.string().nullable().default(null),
  /** Why the treasurer cancelled the order ('Annulla ordine'); null unless 'Annullato'. */
  cancel_reason: z.string().nullable().default(null),
  /** Its credit notes, oldest first ({@link paymentCreditNote}). */
  credit_notes: z.array(paymentCreditNote).default([]),
  /** Receipts issued before `receipt` and annulled by a credit note (a Bonifico unconfirmed, then confirmed again), oldest first. */
  earlier_receipts: z.array(paymentReceipt).default([]),
  /**
   * A card refund asked of Stripe that has no definite answer yet (it did not
   * answer, or timed out): its idempotency key, euros, when and by whom.
   * 'Rimborsa' retries it with the same key (docs/admin-orders.md, "Rimborsa"); null when none.
   */
  refund_pending: z.object({ key: z.string(), amount: z.number().positive(), at: timestamp, by: z.string() }).nullable().default(null),
});
export type PaymentDocument = z.infer<typeof paymentDocument>;

/**
 * `audit_log/{id}`: one admin action (docs/security.md, "Audit log"),
 * written by the function that performs it in the same transaction: when
 * (server time), who (the admin's uid and e-mail; 'system' for scheduled
 * work), what (`action`), on what (`target`: a collection and a document
 * id), a one-line Italian `summary`, and the fields before and after.
 * Admins read it; nobody writes it from a browser.
 */
export const auditEntryDocument = z.object({
  id: z.string(),
  at: timestamp,
  actor: z.object({ uid: z.string(), email: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ collection: z.string(), id: z.string() }),
  summary: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryDocument = z.infer<typeof auditEntryDocument>;

/**
 * `stripe_payment_intents/{PaymentIntent id}`: what Stripe's refund and
 * dispute events reported of a card payment, kept even before its order is
 * recorded (an event may arrive first), in euros (converted at the Stripe
 * boundary). The server writes it; nobody else reads it.
 */
export const stripePaymentIntentDocument = z.object({
  id: z.string(),
  charged_amount: z.number().nonnegative(),
  refunded_amount: z.number().nonnegative(),
  dispute: z.enum(['open', 'won', 'lost']).nullable(),
  /** When Stripe created the latest dispute event applied (Unix seconds): an older one arriving late changes nothing. */
  dispute_event_created: z.number().int().nonnegative(),
  /** When Stripe created the `charge.refunded` event whose `amount_refunded` is `refunded_amount` (Unix seconds; 0 for older documents). */
  refund_report_created: z.number().int().nonnegative().default(0),
  /**
   * Refunds Stripe reported failed or canceled (`charge.refund.updated`), by
   * refund id: euros, when the refund was created and when it failed (Unix
   * seconds). netlify/lib/payments/stripe-refund-events.ts takes them out of what was refunded.
   */
  failed_refunds: z
    .record(z.string(), z.object({ amount: z.number().nonnegative(), refund_created: z.number(), failed_at: z.number() }))
    .default({}),
  /** When Stripe created the `payment_intent.payment_failed` of a debit (SEPA) applied last (Unix seconds; 0: none), kept for an order recorded after it (docs/data-model.md, "Asynchronous payments"). */
  debit_failed_at: z.number().int().nonnegative().default(0),
  updated_at: timestamp,
});
export type StripePaymentIntentDocument = z.infer<typeof stripePaymentIntentDocument>;

/** A child in the roster index: what an import compares (docs/data-model.md, "The roster"). */
const indexedChild = z.object({
  id: z.string(),
  family_id: z.string(),
  name: z.string(),
  surname: z.string(),
  branch: z.enum(BRANCHES),
  archived: z.boolean(),
});
/** A parent in the roster index. */
const indexedParent = z.object({
  id: z.string(),
  family_id: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/**
 * `roster_index/children-{n}` and `roster_index/parents-{n}` (n: 0–7, by
 * the fiscal code's check character): every child and parent of the roster
 * by fiscal code, so an import's preview reads 16 documents whatever the
 * roster's size, kept in the same writes as the people (docs/data-model.md,
 * "The roster"). Server only.
 */
export const rosterIndexDocument = z.object({
  children: z.record(z.string(), indexedChild).default({}),
  parents: z.record(z.string(), indexedParent).default({}),
});
export type RosterIndexDocument = z.infer<typeof rosterIndexDocument>;

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
 * the transaction of its event to 'sent' or, after a day, 'failed'. Server
 * only: an access code's text is cleared once sent.
 */
export const mailDocument = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  family_id: z.string().nullable(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
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
});
export type MailDocument = z.infer<typeof mailDocument>;

/**
 * `access_codes/{parent id}`: the one live access of a parent
 * (netlify/lib/access/access-codes.ts): a random `nonce` from which the code and
 * the sign-in link are derived with SESSION_SECRET (never the code or the
 * link themselves); when it was first issued, last e-mailed and expires;
 * the code's wrong tries so far. Server only. A document of before the
 * nonce (a `code_hash`) reads with an empty nonce: no live code.
 */
export const accessCodeDocument = z.object({
  parent_id: z.string(),
  family_id: z.string(),
  nonce: z.string().default(''),
  sent_at: timestamp,
  expires_at: timestamp,
  tries: z.number().int().nonnegative(),
});
export type AccessCodeDocument = z.infer<typeof accessCodeDocument>;

/**
 * `access_limits/{parent id}`: what a parent's access spent
 * (docs/security.md, "Parents' sessions"): the Italian `day` the counts are
 * of, that day's wrong codes, whether that day's lock e-mail was written,
 * and when the access e-mails of the last hour went out (`sent`, oldest
 * first). `expires_at` (the day after `day`) lets a TTL policy delete it.
 * Server only.
 */
export const accessLimitsDocument = z.object({
  parent_id: z.string(),
  day: z.string(),
  wrong_tries: z.number().int().nonnegative(),
  lock_notified: z.boolean(),
  sent: z.array(timestamp),
  expires_at: timestamp,
});
export type AccessLimitsDocument = z.infer<typeof accessLimitsDocument>;

/**
 * `access_links/{SHA-256 of the token}`: a one-time sign-in link e-mailed
 * with a code (netlify/lib/access/access-codes.ts): whose it is, the page to go
 * back to, and when it expires. Spent (deleted) by the sign-in it opens.
 * Server only.
 */
export const accessLinkDocument = z.object({
  parent_id: z.string(),
  family_id: z.string(),
  return_path: z.string(),
  expires_at: timestamp,
});
export type AccessLinkDocument = z.infer<typeof accessLinkDocument>;

/**
 * `mail_budget/{yyyy-mm-dd}`: the e-mails the outbox sent on an Italian day
 * (netlify/lib/platform/mail/mail-budget.ts): every recipient counted (`total`),
 * the ordinary messages per recipient (`recipients`, keyed by a hash of the
 * address), and which caps have been reported in the audit log that day.
 * `expires_at` lets a TTL policy delete it. Server only.
 */
export const mailBudgetDocument = z.object({
  day: z.string(),
  total: z.number().int().nonnegative().default(0),
  recipients: z.record(z.string(), z.number().int().nonnegative()).default({}),
  reported: z.array(z.string()).default([]),
  expires_at: timestamp,
});
export type MailBudgetDocument = z.infer<typeof mailBudgetDocument>;

/**
 * `season_totals/{season}`: the season's payments counted by method,
 * product and status (`rows`, keyed '{method}|{product}|{status}': how many,
 * how many euros), kept by the transactions that write payments
 * (src/domain/season/season-totals.ts). The admin and the treasurer read it.
 * `contributions`: the 'Contributo al fondo di solidarietà' of the payments
 * that carry one, by the same keys, apart from the products' euros.
 */
export const seasonTotalsDocument = z.object({
  season,
  rows: z.record(z.string(), z.object({ count: z.number(), total: z.number() })).default({}),
  contributions: z.record(z.string(), z.object({ count: z.number(), total: z.number() })).default({}),
});
export type SeasonTotalsDocument = z.infer<typeof seasonTotalsDocument>;

/**
 * `reminders/{season}_{product}_{familyId}`: the last reminder of a product
 * sent to a family in a season (docs/admin.md, "Reminders"): the children it
 * named, when (server time) and by whom (the admin's e-mail). Written by
 * admin-reminders in the transaction that writes the e-mail to the outbox,
 * replaced by the next reminder; admins read it, nobody writes it from a
 * browser.
 */
export const reminderDocument = z.object({
  id: z.string(),
  season,
  product: z.string().min(1),
  family_id: z.string(),
  child_ids: z.array(z.string()),
  sent_at: timestamp,
  sent_by: z.string(),
});
export type ReminderDocument = z.infer<typeof reminderDocument>;

/**
 * `season_settings/{season}`: what the treasurer sets for a season
 * (docs/admin.md, "Impostazioni stagione"): `card_fee`, whether card
 * payments carry the 'Commissioni Servizio'; `prices`, the price rule of
 * each seeded product (a product left out has its default,
 * SEED_PRICES); `products`, the treasurer's own products (SeasonProduct);
 * `bank_account`, the account for the Bonifico (BankAccount; none: the
 * one in group.config.json); `medical_form`, the form's cutoff day and
 * Cloudinary folder (MedicalFormSettings; none: the spec's); `deadlines`,
 * the last day to pay each seeded product that has one, as the
 * reminders print it (PaymentDeadlines); who
 * changed them last and when. A season without the document has the
 * spec's settings. Admins change it through admin-season-settings; the
 * browser reads it through the public season-settings function.
 */
export const seasonSettingsDocument = z.object({
  season,
  card_fee: z.boolean(),
  prices: z.partialRecord(z.enum(SEED_PRODUCT_IDS), priceRuleSchema).default({}),
  products: seasonProductsSchema.default([]),
  bank_account: bankAccountSchema.optional(),
  medical_form: medicalFormSettingsSchema.optional(),
  deadlines: paymentDeadlinesSchema.default({}),
  /** Instalment plans by product id (docs/product.md, "Instalments"). */
  instalments: instalmentPlansSchema.default({}),
  updated_at: timestamp,
  updated_by: z.string(),
});
export type SeasonSettingsDocument = z.infer<typeof seasonSettingsDocument>;

/**
 * `transfer_references/{code}`: the Bonifico order a reference code was
 * given to ('CE25-7K3Q', src/domain/payments/transfer-reference.ts), created in the
 * transaction that records the order, so no two orders share a code and a
 * statement line finds its payment in one read. Server only.
 */
export const transferReferenceDocument = z.object({
  code: z.string(),
  payment_id: z.string(),
  order_id: z.string(),
  family_id: z.string(),
  season,
});
export type TransferReferenceDocument = z.infer<typeof transferReferenceDocument>;

/**
 * `statement_lines/{id}`: a bank statement's credit confirmed through
 * 'Estratto conto' (admin-statement, docs/admin.md): the line as the bank
 * gave it (its reference, day, euros, free text and ordering party), the
 * payments it confirmed, who matched it and when. 'Elimina famiglia'
 * replaces the ordering party and the free text and sets `redacted_at`
 * (docs/privacy.md, "A family's rights"). Server only.
 */
export const statementLineDocument = z.object({
  bankReference: z.string(),
  /** yyyy-mm-dd. */
  date: z.string(),
  amountEuros: z.number(),
  description: z.string(),
  orderingParty: z.string(),
  payment_ids: z.array(z.string()),
  matched_by: z.string(),
  matched_at: timestamp,
  redacted_at: timestamp.nullable().default(null),
});
export type StatementLineDocument = z.infer<typeof statementLineDocument>;

/**
 * `upload_signatures/{childId}_{yyyy-mm-dd}`: how many medical-form upload
 * signatures get-signature gave for a child on a day in Italy
 * (MAX_UPLOAD_SIGNATURES_PER_DAY, docs/api.md, "get-signature and
 * record-medical-form"); `expires_at`, two days later, for the TTL policy
 * that deletes it. Server only.
 */
export const uploadSignaturesDocument = z.object({
  child_id: z.string(),
  day: z.string(),
  count: z.number().int().nonnegative(),
  expires_at: timestamp,
});
export type UploadSignaturesDocument = z.infer<typeof uploadSignaturesDocument>;

/**
 * `staff_accounts/{uid}`: what the server knows of a volunteer's Firebase
 * account besides Firebase itself (netlify/lib/staff/staff-accounts.ts;
 * docs/security.md, "Roles"): the role its last change gave (`staff`,
 * null for none), written in the change's transaction, so two changes at
 * once record one; `valid_since`, the second (Unix time) from which its
 * sign-ins count, Firebase's own after the last role change revoked its
 * sessions (0: never), which firestore.rules compare with a token's
 * `auth_time`; the invitations sent (`invited_at` the first,
 * `invitation_sent_at` the last, `invited_by` the admin's e-mail).
 * Server only.
 */
export const staffAccountDocument = z.object({
  uid: z.string(),
  email: z.string(),
  staff: staffSchema.nullable(),
  valid_since: z.number().int().nonnegative(),
  invited_at: timestamp.nullable(),
  invited_by: z.string().nullable(),
  invitation_sent_at: timestamp.nullable(),
  invitations: z.number().int().nonnegative(),
  updated_at: timestamp,
});
export type StaffAccountDocument = z.infer<typeof staffAccountDocument>;

/**
 * `refund_requests/{idempotency key}`: one refund asked through 'Rimborsa'
 * (docs/admin-orders.md, "Rimborsa"): the payment, euros, who and when. A
 * card refund is 'pending' from its reservation until Stripe answers for
 * sure, then 'made' (with Stripe's refund id); `lease_until` is set while
 * one request is asking Stripe, so two retries at once ask once. Older
 * documents were written once made. Server only.
 */
export const refundRequestDocument = z.object({
  payment_id: z.string(),
  amount: z.number().positive(),
  by: z.string(),
  at: timestamp,
  state: z.enum(['pending', 'made']).default('made'),
  lease_until: timestamp.nullable().default(null),
  stripe_refund_id: z.string().nullable().default(null),
});
export type RefundRequestDocument = z.infer<typeof refundRequestDocument>;

/** Thrown when a stored document does not match its schema. */
/**
 * `email_changes/{parent id}`: a parent's e-mail change awaiting its code
 * (netlify/lib/access/email-change.ts; docs/security.md, "Changing a parent's
 * e-mail"): the new address, the code's HMAC (never the code), its expiry and the
 * wrong tries spent. Server only; deleted once the change is confirmed.
 */
export const emailChangeDocument = z.object({
  parent_id: z.string(),
  family_id: z.string(),
  new_email: z.string(),
  code_hash: z.string(),
  tries: z.number().int().nonnegative(),
  created_at: timestamp,
  expires_at: timestamp,
});
export type EmailChangeDocument = z.infer<typeof emailChangeDocument>;

/**
 * `family_reductions/{season}_{familyId}_{productId}`: a family's 'Riduzione'
 * of one product in a season (docs/admin.md, "Riduzione"): euros off the
 * family's total (`kind` 'amount') or a percentage of it ('percent'), the
 * reason the admin or treasurer gave (never shown to a parent), who set it
 * and when. Written and deleted by admin-family-reduction with its
 * `audit_log` entry; server only.
 */
export const familyReductionDocument = z.object({
  id: z.string(),
  season,
  family_id: z.string(),
  /** The catalogue product's id ('campo-saldo'). */
  product: z.string().min(1),
  kind: z.enum(['amount', 'percent']),
  value: z.number().nonnegative(),
  reason: z.string(),
  updated_at: timestamp,
  updated_by: z.string(),
});
export type FamilyReductionDocument = z.infer<typeof familyReductionDocument>;

export class InvalidDocumentError extends Error {
  constructor(
    readonly path: string,
    readonly issues: string,
  ) {
    super(`Document ${path} does not match its schema: ${issues}`);
    this.name = 'InvalidDocumentError';
  }
}

/**
 * Parses the data of the document at `path` with `schema`.
 * @throws InvalidDocumentError naming the document and the fields that do not match.
 */
export function parseDocument<T>(schema: z.ZodType<T>, path: string, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new InvalidDocumentError(path, parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  }
  return parsed.data;
}

/**
 * `account_lines/group`: the Modello D line each product's income falls on
 * in 'Rendiconto' (docs/admin.md, "Rendiconto"), by product name (a
 * payment's `plan`, or the card fee's row), kept once for the group and
 * changed by the treasurer (audited); a product not in it falls on its
 * default (src/domain/accounts/accounts.ts). Server only.
 */
export const accountLinesDocument = z.object({
  lines: z.record(z.string(), z.enum(MODELLO_D_CODES)).default({}),
  updated_at: timestamp.nullable().default(null),
  updated_by: z.string().nullable().default(null),
});
export type AccountLinesDocument = z.infer<typeof accountLinesDocument>;

/** Each collection's schema (docs/data-model.md): the browser's converters and the seed read it. */
export const DOCUMENT_SCHEMA = {
  [COLLECTION.sons]: childDocument,
  [COLLECTION.parents]: parentDocument,
  [COLLECTION.families]: familyDocument,
  [COLLECTION.orders]: orderDocument,
  [COLLECTION.orderItems]: orderItemDocument,
  [COLLECTION.payments]: paymentDocument,
  [COLLECTION.auditLog]: auditEntryDocument,
} as const;

/** A collection the admin screens read: 'sons', 'parents', 'families', 'orders', 'order_items', 'payments', 'audit_log'. */
export type CollectionName = keyof typeof DOCUMENT_SCHEMA;

/** A document of `collection` as read (timestamps as Dates, defaults filled in). */
export type DocumentOf<C extends CollectionName> = z.infer<(typeof DOCUMENT_SCHEMA)[C]>;

/**
 * A document of `collection` as written: what its schema accepts (timestamps
 * as any Firestore Timestamp, defaulted fields optional). A writer typed with
 * it (emulators/seed/seed.ts) stops compiling when a schema changes.
 */
export type StoredDocument<C extends CollectionName> = z.input<(typeof DOCUMENT_SCHEMA)[C]>;

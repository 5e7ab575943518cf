import { z } from 'zod';

/**
 * The Firestore collections of the portal and the fields their documents
 * share (docs/data-model.md). Each document is declared once, as a zod
 * schema beside the capability that writes it (`src/domain/orders/order-schema.ts`,
 * `src/domain/payments/payment-schema.ts`, …); types are inferred from the
 * schemas, and the browser's and the server's converters parse every
 * document read with them (`parseDocument`), so a
 * document that does not match is reported instead of being typed as valid.
 *
 * Timestamps: any value with `toDate()` (the Timestamp of either Firebase
 * SDK) is read as a Date (`timestamp`).
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
  signingLimits: 'signing_limits',
  instalmentClaims: 'instalment_claims',
  emailChanges: 'email_changes',
  emailChangeLimits: 'email_change_limits',
  events: 'events',
  eventSignups: 'event_signups',
  eventCounters: 'event_counters',
  accountLines: 'account_lines',
  familyReductions: 'family_reductions',
  endedSessions: 'ended_sessions',
  admissionApplications: 'admission_applications',
  admissionCounters: 'admission_counters',
  admissionSettings: 'admission_settings',
} as const;

/** A product's name as recorded: a catalogue entry's `plan` (src/domain/catalogue/product.ts). */
export const planField = z.string().min(1);

/** The camp year an order belongs to (`SEASON.campYear` when it was recorded, src/config/season.ts). */
export const seasonField = z.number().int().positive();

const hasToDate = (value: unknown): value is { toDate: () => Date } =>
  typeof value === 'object' && value !== null && typeof (value as { toDate?: unknown }).toDate === 'function';

/** A Firestore timestamp, read as a Date: any value with `toDate()` (the Timestamp of either Firebase SDK) or a Date. */
export const timestamp = z.preprocess((value) => (hasToDate(value) ? value.toDate() : value), z.date());

/** Thrown when a stored document does not match its schema. */
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

import type { OrderQuery } from '@domain/orders/admin-orders';
import type { RecordedMethod } from '@domain/payments/payment-method';
import type { OrderRequest } from '@contracts/order-request';

/**
 * The query and mutation keys of the browser's data layer (docs/architecture.md,
 * "Conventions": per call a fetcher, a `queryOptions` factory and a hook). The
 * factories in `src/features/{feature}/api/` build their keys here, and a
 * mutation invalidates by these keys what its write changes, even when the
 * query belongs to another feature (features never import each other).
 */
/** The root of every admin read: an admin write invalidates it, so every admin view reads again what it shows. */
const ADMIN = ['admin'] as const;

/** The orders desk's reads (docs/admin-orders.md), under {@link ADMIN}. */
const ADMIN_ORDERS = [...ADMIN, 'orders'] as const;

/** 'Rendiconto''s reads (docs/admin.md, "Rendiconto"), under {@link ADMIN}. */
const ADMIN_ACCOUNTS = [...ADMIN, 'accounts'] as const;

/**
 * The admin's reads, all under `admin.all`: invalidating it refreshes every
 * one of them (a confirmed transfer, a saved outing or a recorded order
 * change what several views show). The admin keys outside it
 * (`staffAccounts`, `seasonSettings`, `medicalFormOpenings`,
 * `reminderPreview`) are refreshed only by their own writes, or never kept.
 */
const adminKeys = {
  /** Every admin read: what an admin write invalidates. */
  all: ADMIN,
  /** The orders desk: its pages, count and summary. */
  orders: {
    all: ADMIN_ORDERS,
    /** The pages of the orders desk for one query (docs/admin-orders.md). */
    pages: (query: OrderQuery) => [...ADMIN_ORDERS, 'pages', query] as const,
    /** How many payments match one query of the orders desk. */
    count: (query: OrderQuery) => [...ADMIN_ORDERS, 'count', query] as const,
    /** The summary table of a season, for one method or both (null). */
    summary: (season: number, method: RecordedMethod | null, plans: readonly string[]) =>
      [...ADMIN_ORDERS, 'summary', season, method, plans] as const,
  },
  /**
   * The admin view 'Situazione iscritti' of one season (docs/admin-enrolment.md): a confirmed transfer or a recorded
   * order (which invalidate `admin.all`) refreshes it too.
   */
  enrolmentStatus: (season: number) => [...ADMIN, 'enrolment-status', season] as const,
  /** The audit log's pages for one action (null: all): an admin action (which invalidates `admin.all`) refreshes it. */
  auditLog: (action: string | null) => [...ADMIN, 'audit-log', action] as const,
  /** The children of some branches and their medical forms ('Schede mediche'). */
  branchMedicalForms: (branches: readonly string[]) => [...ADMIN, 'branch-medical-forms', branches] as const,
  /** The daily medical-form retention's last report ('Schede mediche'). */
  lastRetentionRun: [...ADMIN, 'last-retention-run'] as const,
  /** How many e-mails were given up (the admin's home notice). */
  failedMailCount: [...ADMIN, 'failed-mail-count'] as const,
  /** The newest 'Limite e-mail raggiunto' of the audit log (the mail budget's notice). */
  mailBudgetEntry: [...ADMIN, 'mail-budget-entry'] as const,
  /** The season's documents to sign with their counts ('Documenti', admin-group-documents 'list'). */
  groupDocuments: (season: number) => [...ADMIN, 'group-documents', season] as const,
  /** One document's state per child ('Documenti', admin-group-documents 'status'). */
  groupDocumentStatus: (id: string) => [...ADMIN, 'group-document-status', id] as const,
  /** The columns of the documents linked to a product in 'Situazione iscritti'. */
  campDocumentColumns: (season: number) => [...ADMIN, 'camp-document-columns', season] as const,
  /** The season's events with their sign-ups ('Uscite e campi', admin-events 'list'). */
  events: (season: number) => [...ADMIN, 'events', season] as const,
  /** An event's list of children (EventRosterPanel, admin-event-roster 'json'). */
  eventRoster: (eventId: string) => [...ADMIN, 'event-roster', eventId] as const,
  /** 'Rendiconto': every scout year's report (what 'Salva voci' invalidates), and one year's. */
  accounts: {
    all: ADMIN_ACCOUNTS,
    report: (startYear: number) => [...ADMIN_ACCOUNTS, startYear] as const,
  },
} as const;

export const queryKeys = {
  /** create-payment-intent answers, one per order request. */
  paymentIntent: (request: OrderRequest) => ['payment-intent', request] as const,
  /** Stripe.js, loaded once. */
  stripeJs: ['stripe-js'] as const,
  /** The admin's reads (Firestore and admin functions), rooted at `admin.all`. */
  admin: adminKeys,
  /** Who opened a child's medical forms (admin-medical-form-openings): read when asked, never kept; not under `admin.all`. */
  medicalFormOpenings: (childId: string) => ['medical-form-openings', childId] as const,
  /** The volunteers' accounts and roles ('Utenti', admin-users); not under `admin.all`: only 'Utenti''s writes change them. */
  staffAccounts: ['staff-accounts'] as const,
  /** admin-reminders' preview of a product's reminders: never kept, read again each time the dialog opens (docs/admin.md, "Reminders"). */
  reminderPreview: (product: string) => ['reminder-preview', product] as const,
  /** The current season's settings, read through admin-season-settings (docs/admin.md, "Impostazioni stagione"); not under `admin.all`. */
  seasonSettings: ['season-settings'] as const,
  /** 'Lista d'attesa' in the admin (admin-admissions); not under `admin.all`: only its own decisions change it. */
  admissions: ['admissions'] as const,
  /** An application's place on the waiting list, read from its status link (admission-status). */
  admissionStatus: (token: string) => ['admission-status', token] as const,
  /** The public season-settings answer the payment screens price with (docs/api.md, "season-settings"). */
  publicSeasonSettings: ['public-season-settings'] as const,
} as const;

/** Mutation keys: the global MutationCache logs a failure under its key (src/lib/query-client.ts). */
export const mutationKeys = {
  recordPayment: ['record-payment'] as const,
  uploadMedicalForm: ['upload-medical-form'] as const,
  /** An admin confirms a Bonifico, or undoes the confirmation (docs/admin-orders.md). */
  transferConfirmation: ['transfer-confirmation'] as const,
  cancelOrder: ['cancel-order'] as const,
  refundPayment: ['refund-payment'] as const,
  /** The orders desk's CSV export, which reads the remaining pages first. */
  exportOrders: ['export-orders'] as const,
  /** admin-medical-form: an admin opens a received medical form (docs/admin-enrolment.md). */
  openMedicalForm: ['open-medical-form'] as const,
  /** admin-family-data: an admin exports a family's data, or erases the family (docs/privacy.md). */
  exportFamilyData: ['export-family-data'] as const,
  eraseFamily: ['erase-family'] as const,
  /** admin-users 'invite' or 'grant': an admin invites a volunteer or changes a role ('Utenti'). */
  grantStaffRole: ['grant-staff-role'] as const,
  /** admin-users 'resend': 'Invia di nuovo', an invitation's link sent again. */
  resendInvitation: ['resend-invitation'] as const,
  /** admin-delete-medical-forms: 'Elimina ora', a season's medical forms deleted early (docs/privacy.md). */
  deleteMedicalForms: ['delete-medical-forms'] as const,
  /** admin-reminders 'send': an admin sends a product's reminders (docs/admin.md, "Reminders"). */
  sendReminders: ['send-reminders'] as const,
  /** admin-season-settings 'update': an admin changes the season's settings. */
  updateSeasonSettings: ['update-season-settings'] as const,
  prepareNextSeason: ['prepare-next-season'] as const,
  /** admin-group-documents 'create', 'edit', 'retire' ('Documenti'). */
  saveGroupDocument: ['save-group-document'] as const,
  retireGroupDocument: ['retire-group-document'] as const,
  /** admin-group-documents 'remind': 'Invia promemoria' of a document. */
  remindGroupDocument: ['remind-group-document'] as const,
  /** admin-events 'create', 'edit', 'cancel' ('Uscite e campi'). */
  saveEvent: ['save-event'] as const,
  /** admin-events 'move', 'admit': the waiting list by hand. */
  moveEventSignup: ['move-event-signup'] as const,
  /** verify-access-link: a parent signs in with the link e-mailed with a code (/accesso). */
  verifyAccessLink: ['verify-access-link'] as const,
  /** admin-event-roster 'csv' or 'pdf': 'Scarica elenco' of an event (each download audited). */
  downloadEventRoster: ['download-event-roster'] as const,
  /** admin-event-roster 'remind': 'Invia promemoria' of an event's missing papers. */
  remindEventRoster: ['remind-event-roster'] as const,
  /** 'Salva voci' in 'Rendiconto'. */
  saveAccountLines: ['save-account-lines'] as const,
} as const;

import { z } from 'zod';
import { timestamp } from './collections';
/**
 * The audit log's vocabulary (docs/security.md, "Audit log"): every action
 * an admin (or the scheduled work) performs, its Italian label for the
 * 'Registro' view and its line in a payment's history. Pure; the documents
 * are declared below (`auditEntryDocument`) and written by the admin functions
 * (netlify/lib/platform/audit-log.ts).
 */

/** The actions the log records, by id. New admin actions add theirs here. */
export const AUDIT_ACTION = {
  /** An admin confirmed a Bonifico received. */
  paymentConfirm: 'payment.confirm',
  /** An admin cancelled a Bonifico never paid ('Annulla ordine'): 'Annullato', its products free again. */
  paymentCancel: 'payment.cancel',
  /** An admin asked Stripe to refund a card payment ('Rimborsa'); the webhook then records it as `payment.refunded`. */
  paymentRefundRequest: 'payment.refund_request',
  /** An admin recorded cash collected from a family ('Registra pagamento in contanti'). */
  paymentCash: 'payment.cash',
  /** An admin set a confirmed Bonifico back to 'Da Verificare'. */
  paymentUnconfirm: 'payment.unconfirm',
  /** Stripe reported a refund of a card payment (full or partial). */
  paymentRefunded: 'payment.refunded',
  /** Stripe reported a dispute opened, won or lost. */
  paymentDisputed: 'payment.disputed',
  /** An admin opened a child's medical form. */
  medicalFormOpen: 'medical_form.open',
  /** A child's medical forms of a season were deleted: by the retention schedule, or early by an admin ('Elimina ora'). */
  medicalFormDelete: 'medical_form.delete',
  /** An admin imported the roster from a file. */
  rosterImport: 'roster.import',
  /** An admin added, changed, or removed (archived) a child or a parent in 'Famiglie'. */
  childAdd: 'family.child_add',
  childUpdate: 'family.child_update',
  childRemove: 'family.child_remove',
  parentAdd: 'family.parent_add',
  parentUpdate: 'family.parent_update',
  parentRemove: 'family.parent_remove',
  /** The outbox gave up an e-mail after a day of failed attempts. */
  mailFailed: 'mail.failed',
  /** The outbox reached a daily cap of the mail budget: ordinary messages wait for the next day (once a day per cap). */
  mailBudget: 'mail.budget',
  /** An admin sent a payment's receipt to the family again. */
  receiptResend: 'receipt.resend',
  /** An admin sent the reminders of a product to the families that have not paid it. */
  reminderSend: 'reminder.send',
  /** An admin gave a volunteer's account a role, or took it away ('Utenti'). */
  staffGrant: 'staff.grant',
  /** An invitation to a volunteer: their account made (or found) and a link to set the password sent ('Utenti', 'Invita', 'Invia di nuovo'). */
  staffInvite: 'staff.invite',
  /** A developer marked an account's e-mail as verified (`npm run admin -- verify`). */
  staffVerify: 'staff.verify',
  /** An admin exported everything the portal holds about a family ('Esporta dati'). */
  familyExport: 'family.export',
  /** An admin erased a family's personal data ('Elimina famiglia'); its payments stay, anonymised. */
  familyErase: 'family.erase',
  /** An admin changed the season's settings ('Impostazioni stagione'). */
  settingsUpdate: 'settings.update',
  /** An admin prepared the next season from this one's settings ('Nuova stagione'). */
  settingsNewSeason: 'settings.new_season',
  /** The daily retention deleted uploads no record points to, or could not handle a child or a folder (docs/privacy.md, "Retention"). */
  medicalFormRetention: 'medical_form.retention',
  /** Stripe reported a card refund failed or canceled: the euros are back with the group, the refund's credit note cancelled. */
  paymentRefundFailed: 'payment.refund_failed',
  /** A leader opened the PDF of a parent's signature of a group document ('Apri' in 'Documenti'). */
  documentSignatureOpen: 'document_signature.open',
  /** A parent confirmed the family's contacts for the season ('Confermo' on 'La mia famiglia'). */
  contactsConfirm: 'family.contacts_confirm',
  /** A parent changed their own phone, or their e-mail once the codes sent to the new and the current address were confirmed. */
  parentContactChange: 'family.parent_contact_change',
  /** The daily retention deleted the signatures of the group's documents whose time had come (docs/privacy.md, "Signatures"). */
  signatureRetention: 'document_signature.retention',
  /** An admin or a capo wrote a new document for parents to sign ('Documenti', 'Nuovo documento'). */
  documentCreate: 'document.create',
  /** A document nobody had signed yet was corrected in place. */
  documentEdit: 'document.edit',
  /** A signed document was changed: its version retired and the next one written, asking for new signatures. */
  documentVersion: 'document.version',
  /** A document was withdrawn ('Ritira'): parents no longer see it. */
  documentRetire: 'document.retire',
  /** The reminders of a document were sent to the families still to sign ('Invia promemoria'). */
  documentRemind: 'document.remind',
  /** 'Nuova stagione' copied the season's live documents to the next season as their first version. */
  documentCarryForward: 'document.carry_forward',
  /** An admin or a capo created an outing or a camp ('Uscite e campi', 'Nuovo evento'). */
  eventCreate: 'event.create',
  /** An event's details changed (raising 'Posti' offers the new places to the families waiting). */
  eventEdit: 'event.edit',
  /** An event was called off ('Annulla evento'): no sign-up, no cancellation any more. */
  eventCancel: 'event.cancel',
  /** A leader moved a waiting child up or down the waiting list by hand. */
  eventLineMove: 'event.line_move',
  /** A leader gave a waiting child a place outside the list's order ('Dai il posto'). */
  eventAdmit: 'event.admit',
  /** A leader downloaded an event's list of children as CSV or PDF ('Scarica elenco'): it carries minors' data. */
  eventRosterDownload: 'event.roster_download',
  /** An admin or a capo recorded the Comunità capi's decision on a waiting-list application ('Ammesso', 'Non ammesso', 'Rinviato'). */
  admissionDecide: 'admission.decide',
  /** The daily retention deleted the waiting-list applications past their time (docs/privacy.md, "The waiting list"). */
  admissionRetention: 'admission.retention',
  /** The yearly 'Confermi l'interesse?' asked the families and took off the list those who did not answer in 30 days. */
  admissionInterest: 'admission.interest',
  /** An admin or a capo changed the list's order ('Fratelli e sorelle prima'). */
  admissionSettings: 'admission.settings',
  /** An admin or a capo offered the place to an admitted application ('Offri il posto'). */
  admissionOffer: 'admission.offer',
  /** A family accepted the place offered ('Accetta il posto'): the child joined the roster. */
  admissionAccept: 'admission.accept',
  /** The reminders of an event's missing papers were sent to the families of the children signed up ('Invia promemoria'). */
  eventRemind: 'event.remind',
  /** A treasurer or an admin exported the year's accounts ('Rendiconto', CSV or XLSX). */
  accountsExport: 'accounts.export',
  /** A treasurer or an admin changed which Modello D line a product's income falls on ('Rendiconto', 'Voci'). */
  accountsMapping: 'accounts.mapping',
  /** Stripe reported a debit (SEPA) 'In elaborazione' succeeded: the payment is confirmed and its receipt issued. */
  paymentDebitConfirmed: 'payment.debit_confirmed',
  /** Stripe reported a debit (SEPA) failed: the payment is 'Non riuscito', the children's products freed. */
  paymentDebitFailed: 'payment.debit_failed',
  /** An admin or the treasurer set a family's 'Riduzione' of a product (docs/admin.md, "Riduzione"). */
  reductionSet: 'family.reduction_set',
  /** A family's 'Riduzione' of a product was removed. */
  reductionRemove: 'family.reduction_remove',
  /** A volunteer confirmed a parent's e-mail change whose old address is gone (the new one proven by its code). */
  emailChangeConfirm: 'family.email_change_confirm',
  /** A volunteer refused a parent's e-mail change waiting for the group. */
  emailChangeRefuse: 'family.email_change_refuse',
} as const;
export type AuditAction = (typeof AUDIT_ACTION)[keyof typeof AUDIT_ACTION];

/** Every action, in the order of the 'Registro' filter. */
export const AUDIT_ACTIONS = Object.values(AUDIT_ACTION) as [AuditAction, ...AuditAction[]];

/** Each action's Italian label ('Registro' filter and column). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'payment.confirm': 'Bonifico confermato',
  'payment.unconfirm': 'Conferma annullata',
  'payment.cancel': 'Ordine annullato',
  'payment.refund_request': 'Rimborso richiesto',
  'payment.cash': 'Pagamento in contanti',
  'payment.refunded': 'Rimborso registrato',
  'payment.disputed': 'Contestazione',
  'medical_form.open': 'Scheda medica aperta',
  'medical_form.delete': 'Schede mediche eliminate',
  'roster.import': 'Anagrafica importata',
  'family.child_add': 'Figlio aggiunto',
  'family.child_update': 'Figlio modificato',
  'family.child_remove': 'Figlio rimosso',
  'family.parent_add': 'Genitore aggiunto',
  'family.parent_update': 'Genitore modificato',
  'family.parent_remove': 'Genitore rimosso',
  'mail.failed': 'E-mail non consegnata',
  'mail.budget': 'Limite e-mail raggiunto',
  'receipt.resend': 'Ricevuta inviata di nuovo',
  'reminder.send': 'Promemoria inviati',
  'staff.grant': 'Ruolo modificato',
  'staff.invite': 'Volontario invitato',
  'staff.verify': 'E-mail confermata a mano',
  'family.export': 'Dati della famiglia esportati',
  'family.erase': 'Famiglia eliminata',
  'settings.update': 'Impostazioni modificate',
  'settings.new_season': 'Nuova stagione',
  'medical_form.retention': 'Pulizia schede mediche',
  'payment.refund_failed': 'Rimborso non riuscito',
  'document_signature.open': 'Firma aperta',
  'family.contacts_confirm': 'Contatti confermati',
  'family.parent_contact_change': 'Contatti cambiati dal genitore',
  'document_signature.retention': 'Firme eliminate (conservazione)',
  'document.create': 'Documento creato',
  'document.edit': 'Documento corretto',
  'document.version': 'Nuova versione di un documento',
  'document.retire': 'Documento ritirato',
  'document.remind': 'Promemoria firme inviati',
  'document.carry_forward': 'Documenti portati alla nuova stagione',
  'event.create': 'Evento creato',
  'event.edit': 'Evento modificato',
  'event.cancel': 'Evento annullato',
  'event.line_move': "Lista d'attesa riordinata",
  'event.admit': "Posto dato fuori dall'ordine",
  'event.roster_download': 'Elenco scaricato',
  'event.remind': 'Promemoria evento inviati',
  'admission.decide': "Decisione sulla lista d'attesa",
  'admission.retention': "Pulizia lista d'attesa",
  'admission.interest': "Conferma dell'interesse",
  'admission.settings': "Ordine della lista d'attesa",
  'admission.offer': 'Posto offerto',
  'admission.accept': 'Posto accettato',
  'accounts.export': 'Rendiconto esportato',
  'accounts.mapping': 'Voci del rendiconto modificate',
  'payment.debit_confirmed': 'Addebito riuscito',
  'payment.debit_failed': 'Addebito non riuscito',
  'family.reduction_set': 'Riduzione impostata',
  'family.reduction_remove': 'Riduzione rimossa',
  'family.email_change_confirm': 'Cambio e-mail confermato dal gruppo',
  'family.email_change_refuse': 'Cambio e-mail rifiutato dal gruppo',
};

/** The actor of work nobody started by hand (a scheduled function). */
export const SYSTEM_ACTOR = { uid: 'system', email: 'sistema' } as const;

/** The actor of `npm run admin` (scripts/admin.ts): a developer with the service account. */
export const CLI_ACTOR = { uid: 'cli', email: 'npm run admin' } as const;

/** The actor of what Stripe's webhook reports (refunds, disputes). */
export const STRIPE_ACTOR = { uid: 'stripe', email: 'Stripe' } as const;

/** A step of a payment's history: what, who (an e-mail, 'Stripe' or 'sistema'), when (a formatted date). */
export interface HistoryStep {
  action: AuditAction;
  by: string;
  /** dd/mm/yyyy. */
  date: string;
  /** What the admin wrote with it (the reason of a cancellation), when anything. */
  note?: string;
}

/**
 * A payment's history step as its row says it: 'Confermato da {by} il
 * {date}', 'Conferma annullata da {by} il {date}', 'Rimborso registrato da
 * Stripe il {date}', 'Contestazione registrata da Stripe il {date}'; any
 * other action as '{label} da {by} il {date}'.
 */
export function historyLine(step: HistoryStep): string {
  switch (step.action) {
    case 'payment.confirm':
      return `Confermato da ${step.by} il ${step.date}`;
    case 'payment.unconfirm':
      return `Conferma annullata da ${step.by} il ${step.date}`;
    case 'payment.cancel':
      return `Ordine annullato da ${step.by} il ${step.date}${step.note ? `: ${step.note}` : ''}`;
    case 'payment.refund_request':
      return `Rimborso di ${step.note ?? ''} chiesto da ${step.by} il ${step.date}`;
    case 'payment.refunded':
      return `Rimborso registrato da ${step.by} il ${step.date}${step.note ? `: ${step.note}` : ''}`;
    case 'payment.disputed':
      return `Contestazione registrata da ${step.by} il ${step.date}`;
    case 'payment.refund_failed':
      return `Rimborso non riuscito, segnalato da ${step.by} il ${step.date}${step.note ? `: ${step.note}` : ''}`;
    default:
      return `${AUDIT_ACTION_LABELS[step.action]} da ${step.by} il ${step.date}`;
  }
}

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

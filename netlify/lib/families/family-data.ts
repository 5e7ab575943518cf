import { FieldValue, type Firestore, type Query, type QuerySnapshot, type Transaction } from 'firebase-admin/firestore';
import { adminFamilyDataContract } from '@contracts/admin-family-data';
import { surnameFilterKey } from '@domain/orders/admin-orders';
import { AUDIT_ACTION } from '@domain/audit-log';
import { childDocument, type ChildDocument } from '@domain/roster/child-schema';
import { admissionApplicationDocument, type AdmissionApplicationDocument } from '@domain/admissions/admission-schema';
import { COLLECTION, parseDocument } from '@domain/collections';
import { familyDocument, type FamilyDocument } from '@domain/roster/family-schema';
import { mailDocument, type MailDocument } from '@domain/mail-schema';
import { parentDocument, type ParentDocument } from '@domain/roster/parent-schema';
import { paymentDocument, type PaymentDocument } from '@domain/payments/payment-schema';
import { reminderDocument, type ReminderDocument } from '@domain/reminders/reminder-schema';
import { statementLineDocument, type StatementLineDocument } from '@domain/statement/statement-line-schema';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { documentSignatureSchema, type DocumentSignature } from '@domain/documents/document-signature';
import { eventSchema } from '@domain/events/event';
import { eventSignupSchema, type EventSignup } from '@domain/events/event-signup';
import type { AnswerOf } from '@contracts/contract';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import type { CloudinarySettings } from '../platform/cloudinary';
import { destroyMedicalForm } from '../medical-forms/medical-form-files';
import { withdrawFamilySignups } from '../events/event-signups';
import type { MailContext } from '../platform/mail/layout';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { recordedMedicalForms } from '../medical-forms/medical-form-deletion';
import { HttpError } from '../platform/http';
import { collectIndexWrites, unindex } from '../roster/roster-index';

const MESSAGES = adminFamilyDataContract.messages;

/** What 'Elimina famiglia' answers: how many parents, children, forms, payments and statement lines. */
type ErasedCounts = AnswerOf<typeof adminFamilyDataContract>;

/** What the portal holds about a family (docs/privacy.md, "A family's rights"): its documents, read through their schemas. */
export interface FamilyData {
  family: FamilyDocument;
  parents: ParentDocument[];
  children: ChildDocument[];
  /** Every season's; each carries its order's lines (the `orders` and `order_items` documents hold the same facts). */
  payments: PaymentDocument[];
  reminders: ReminderDocument[];
  mail: MailDocument[];
  /** The bank statement's lines matched to its payments ('Estratto conto'): payer, free text, euros, day; by day. */
  statementLines: Array<StatementLineDocument & { id: string }>;
  /** The group's documents its parents signed for its children, withdrawn ones too, oldest first (docs/privacy.md, "Signatures"). */
  signatures: DocumentSignature[];
  /** Its children's sign-ups for outings and camps, cancelled ones too, with the event's name; oldest first. */
  eventSignups: Array<EventSignup & { event_name: string }>;
  /** The waiting-list application a child was admitted from, while the retention keeps it (docs/privacy.md, "The waiting list"). */
  admissions: AdmissionApplicationDocument[];
}

/** Payment ids per `array-contains-any` query: Firestore's limit. */
const IDS_PER_QUERY = 30;

/**
 * The `statement_lines` that confirmed any of `paymentIds`: one
 * `payment_ids array-contains-any` query per 30 payments (single-field,
 * no composite index), read in `transaction` when given. A line confirms
 * payments of one family only (admin-statement), so each is the family's.
 */
async function statementLinesOf(db: Firestore, paymentIds: readonly string[], transaction?: Transaction) {
  const snapshots = new Map<string, QuerySnapshot['docs'][number]>();
  for (let start = 0; start < paymentIds.length; start += IDS_PER_QUERY) {
    const query = db
      .collection(COLLECTION.statementLines)
      .where('payment_ids', 'array-contains-any', paymentIds.slice(start, start + IDS_PER_QUERY));
    for (const snapshot of (await (transaction ? transaction.get(query) : query.get())).docs) snapshots.set(snapshot.id, snapshot);
  }
  return [...snapshots.values()];
}

/** The queries of a family's documents, by `family_id` (single-field equality, no composite index). */
function familyQueries(db: Firestore, familyId: string) {
  const of = (collection: string): Query => db.collection(collection).where('family_id', '==', familyId);
  return {
    parents: of(COLLECTION.parents),
    children: of(COLLECTION.sons),
    payments: of(COLLECTION.payments),
    items: of(COLLECTION.orderItems),
    reminders: of(COLLECTION.reminders),
    mail: of(COLLECTION.mail),
    accessCodes: of(COLLECTION.accessCodes),
    accessLinks: of(COLLECTION.accessLinks),
    signatures: of(COLLECTION.documentSignatures),
    reductions: of(COLLECTION.familyReductions),
    eventSignups: of(COLLECTION.eventSignups),
    admissions: of(COLLECTION.admissionApplications),
  };
}

/**
 * Reads everything the portal holds about `familyId`: the family, its
 * parents and children (their medical forms' records, not the files), its
 * payments of every season, the reminders and the e-mails it was sent, the
 * bank statement's lines that paid its payments (statementLinesOf), and the
 * signatures of the group's documents (with the exact text signed).
 * @throws HttpError 404 when the family does not exist.
 */
export async function readFamilyData(db: Firestore, familyId: string): Promise<FamilyData> {
  const queries = familyQueries(db, familyId);
  const [familySnapshot, parents, children, payments, reminders, mail, signatures, eventSignups, admissions] = await Promise.all([
    db.collection(COLLECTION.families).doc(familyId).get(),
    queries.parents.get(),
    queries.children.get(),
    queries.payments.get(),
    queries.reminders.get(),
    queries.mail.get(),
    queries.signatures.get(),
    queries.eventSignups.get(),
    queries.admissions.get(),
  ]);
  const family = readSnapshot(familyDocument, familySnapshot);
  if (!family) throw new HttpError(404, MESSAGES.notFound);
  const lines = await statementLinesOf(
    db,
    payments.docs.map((snapshot) => snapshot.id),
  );
  return {
    family,
    parents: readAllSnapshots(parentDocument, parents.docs),
    children: readAllSnapshots(childDocument, children.docs),
    payments: readAllSnapshots(paymentDocument, payments.docs).sort((a, b) => a.created_at.getTime() - b.created_at.getTime()),
    reminders: readAllSnapshots(reminderDocument, reminders.docs),
    mail: readAllSnapshots(mailDocument, mail.docs).sort((a, b) => a.created_at.getTime() - b.created_at.getTime()),
    statementLines: lines
      .map((snapshot) => ({ id: snapshot.id, ...parseDocument(statementLineDocument, snapshot.ref.path, snapshot.data()) }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    signatures: signatures.docs
      .map((snapshot) => ({ id: snapshot.id, ...parseDocument(documentSignatureSchema, snapshot.ref.path, snapshot.data()) }))
      .sort((a, b) => a.signed_at.getTime() - b.signed_at.getTime()),
    eventSignups: await withEventNames(db, readAllSnapshots(eventSignupSchema, eventSignups.docs)),
    // The code's hash of an application is no data about the family.
    admissions: readAllSnapshots(admissionApplicationDocument, admissions.docs).map((application) => ({ ...application, code_hash: null })),
  };
}

/** `signups` with their event's name ('' for an event since deleted), oldest first. */
async function withEventNames(db: Firestore, signups: EventSignup[]): Promise<FamilyData['eventSignups']> {
  const ids = [...new Set(signups.map((signup) => signup.event_id))];
  const events = ids.length === 0 ? [] : await db.getAll(...ids.map((id) => db.collection(COLLECTION.events).doc(id)));
  const names = new Map(events.map((snapshot) => [snapshot.id, readSnapshot(eventSchema, snapshot)?.name ?? '']));
  return signups
    .map((signup) => ({ ...signup, event_name: names.get(signup.event_id) ?? '' }))
    .sort((a, b) => a.signed_up_at.getTime() - b.signed_up_at.getTime());
}

/** The name an erased family's payments keep for the books: 'Famiglia eliminata {id}'. */
export function erasedFamilyName(familyId: string): string {
  return `Famiglia eliminata ${familyId}`;
}

/** Deletes an erased family's parents and children, their roster index entries, and the parents' access and signing limits and e-mail changes. */
function deletePeople(db: Firestore, transaction: Transaction, parents: QuerySnapshot, children: QuerySnapshot): void {
  // A parent's access and signing limits and e-mail change are kept by parent id (access-codes.ts, email-change.ts, signing-allowance.ts).
  for (const parent of parents.docs) {
    transaction.delete(db.collection(COLLECTION.accessLimits).doc(parent.id));
    transaction.delete(db.collection(COLLECTION.signingLimits).doc(parent.id));
    transaction.delete(db.collection(COLLECTION.emailChanges).doc(parent.id));
  }
  const index = collectIndexWrites();
  for (const parent of readAllSnapshots(parentDocument, parents.docs)) unindex(db, index, 'parents', parent.cf);
  for (const child of readAllSnapshots(childDocument, children.docs)) unindex(db, index, 'children', child.cf);
  index.flush(transaction);
  for (const document of [...parents.docs, ...children.docs]) transaction.delete(document.ref);
}

/**
 * What an erased family leaves for the books: its payments, order items and
 * matched statement lines, with `name` ({@link erasedFamilyName}) where the
 * family, its children, the payer and the free text were.
 */
function keepForTheBooks(
  db: Firestore,
  transaction: Transaction,
  name: string,
  kept: { payments: QuerySnapshot; items: QuerySnapshot; lines: ReadonlyArray<QuerySnapshot['docs'][number]> },
): void {
  for (const payment of readAllSnapshots(paymentDocument, kept.payments.docs)) {
    transaction.update(db.collection(COLLECTION.payments).doc(payment.id), {
      family_surname: name,
      surname_key: surnameFilterKey(name),
      lines: payment.lines.map((line) => ({ ...line, name, surname: '' })),
      parent_id: null,
    });
  }
  for (const item of kept.items.docs) {
    transaction.update(item.ref, { son_info: { id: String(item.get('son_info.id') ?? ''), name, surname: '' } });
  }
  for (const line of kept.lines) {
    transaction.update(line.ref, { orderingParty: name, description: name, redacted_at: FieldValue.serverTimestamp() });
  }
}

/**
 * 'Elimina famiglia' (docs/privacy.md, "A family's rights"): erases the
 * family's personal data and keeps its payments for the books.
 * First the children's medical forms from Cloudinary, then the places its
 * children hold at outings to come (withdrawFamilySignups: offered to the
 * families waiting; the offer e-mails' ids are returned); then, in one
 * transaction: the family, its parents and children, their roster index
 * entries, access codes, sign-in links and limits, e-mail changes, reminders, reductions ('Riduzione'),
 * e-mails, the signatures of the group's documents (docs/privacy.md,
 * "Signatures") and the sign-ups for outings and camps deleted; each payment's
 * family name, children's names and parent replaced by
 * {@link erasedFamilyName} (amounts, statuses, receipts kept), and the same
 * in its order items; the bank statement's lines that paid its payments
 * keep their day, euros and bank reference, their ordering party and free
 * text replaced by {@link erasedFamilyName} (`redacted_at` set: a second
 * import of the same statement still knows them); one audit entry
 * 'family.erase' by `actor`.
 * Resolves how many parents, children, forms, payments and statement lines
 * (`counts`) and the offer e-mails to deliver (`mailIds`).
 * @throws HttpError 404 for a family gone (a second erase at once), 409 while
 * a Bonifico of the family is 'Da Verificare' (it could still be confirmed).
 */
export async function eraseFamily(
  db: Firestore,
  settings: CloudinarySettings,
  familyId: string,
  actor: AuditActor,
  mail: MailContext,
): Promise<{ counts: ErasedCounts; mailIds: string[] }> {
  const before = await readFamilyData(db, familyId);
  if (before.payments.some((payment) => payment.status === PAYMENT_STATUS.toVerify)) throw new HttpError(409, MESSAGES.openTransfers);
  const forms = before.children.flatMap((child) => recordedMedicalForms(settings, child).map((form) => form.public_id));
  for (const publicId of forms) await destroyMedicalForm(settings, publicId);
  const mailIds = await withdrawFamilySignups(db, familyId, mail);

  const name = erasedFamilyName(familyId);
  const queries = familyQueries(db, familyId);
  return runTransaction(db, async (transaction) => {
    const familyRef = db.collection(COLLECTION.families).doc(familyId);
    if (!readSnapshot(familyDocument, await transaction.get(familyRef))) throw new HttpError(404, MESSAGES.notFound);
    // A transaction reads everything before it writes.
    const [parents, children, payments, items, reminders, mails, accessCodes, accessLinks, signatures, reductions, eventSignups] =
      await Promise.all([
        transaction.get(queries.parents),
        transaction.get(queries.children),
        transaction.get(queries.payments),
        transaction.get(queries.items),
        transaction.get(queries.reminders),
        transaction.get(queries.mail),
        transaction.get(queries.accessCodes),
        transaction.get(queries.accessLinks),
        transaction.get(queries.signatures),
        transaction.get(queries.reductions),
        transaction.get(queries.eventSignups),
      ]);
    const paymentIds = payments.docs.map((snapshot) => snapshot.id);
    const lines = await statementLinesOf(db, paymentIds, transaction);
    // The waiting-list application the child was admitted from goes too (docs/privacy.md, "The waiting list").
    const admissions = await transaction.get(queries.admissions);
    // A 'Riduzione' and its reason (a family's hardship) go with the family.
    for (const document of [
      ...reminders.docs,
      ...mails.docs,
      ...accessCodes.docs,
      ...accessLinks.docs,
      ...signatures.docs,
      ...reductions.docs,
      ...eventSignups.docs,
      ...admissions.docs,
    ])
      transaction.delete(document.ref);
    deletePeople(db, transaction, parents, children);
    transaction.delete(familyRef);
    keepForTheBooks(db, transaction, name, { payments, items, lines });
    const counts: ErasedCounts = {
      parents: parents.size,
      children: children.size,
      forms: forms.length,
      payments: payments.size,
      statementLines: lines.length,
    };
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.familyErase,
      target: { collection: COLLECTION.families, id: familyId },
      summary:
        `${name}: ${counts.parents} genitori, ${counts.children} figli e ${counts.forms} schede mediche cancellati; ${counts.payments} pagamenti conservati senza nomi` +
        (counts.statementLines > 0 ? `, ${counts.statementLines} righe dell'estratto conto senza ordinante né causale` : ''),
      before: {
        ...counts,
        reminders: reminders.size,
        mail: mails.size,
        access_codes: accessCodes.size,
        signatures: signatures.size,
        event_signups: eventSignups.size,
      },
      after: null,
    });
    return { counts, mailIds };
  });
}

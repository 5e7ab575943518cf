import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { adminGroupDocumentsContract, type DocumentReminder } from '@contracts/admin-group-documents';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { reminderDocument } from '@domain/reminders/reminder-schema';
import { REMINDED_STATES, type DocumentStatusRow } from '@domain/documents/document-roster';
import type { GroupDocument } from '@domain/documents/group-document';
import { documentReminderProduct, isRecentReminder, reminderId } from '@domain/reminders/payment-reminders';
import { paths } from '@config/paths';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import type { MailContext } from '../platform/mail/layout';
import { documentReminderMail } from './signature-mails';
import { enqueueMail, familyAddresses } from '../platform/mail/outbox';

/**
 * 'Invia promemoria' of a document (docs/documents.md, "Reminders"): the
 * reminders' rules of netlify/lib/reminders/payment-reminders.ts applied to signatures. One
 * e-mail per family with a child still to sign (missing, or the second
 * parent's signature), through the outbox, at most once in 7 days per
 * family and document (`reminders/{season}_documento-{key}_{familyId}`,
 * checked and written in the e-mail's transaction).
 */

const MESSAGES = adminGroupDocumentsContract.messages;

/** How many families' transactions run at once. */
const PARALLEL = 8;

/** One family to remind: its children still to sign, by name. */
interface FamilyDue {
  familyId: string;
  familySurname: string;
  childIds: string[];
  children: string[];
}

/** The families of `rows` with a child still to sign, in row order. */
function familiesDue(rows: readonly DocumentStatusRow[]): FamilyDue[] {
  const families = new Map<string, FamilyDue>();
  for (const { child, state } of rows) {
    if (!REMINDED_STATES.has(state)) continue;
    const family = families.get(child.familyId) ?? { familyId: child.familyId, familySurname: child.surname, childIds: [], children: [] };
    family.childIds.push(child.id);
    family.children.push(state === 'partial' ? `${child.name} (manca la firma del secondo genitore)` : child.name);
    families.set(child.familyId, family);
  }
  return [...families.values()];
}

type Outcome = { mailId: string } | 'recent' | 'noEmail';

/** One family's reminder in ONE transaction: skipped when sent less than 7 days ago or the family has no e-mail; else the record and the e-mail written together. */
async function remindFamily(
  db: Firestore,
  document: GroupDocument,
  family: FamilyDue,
  actor: AuditActor,
  mail: MailContext,
): Promise<Outcome> {
  const product = documentReminderProduct(document.key);
  const ref = db.collection(COLLECTION.reminders).doc(reminderId(document.season, product, family.familyId));
  return runTransaction(db, async (transaction) => {
    const previous = readSnapshot(reminderDocument, await transaction.get(ref));
    const to = await familyAddresses(db, transaction, family.familyId);
    const now = Timestamp.now();
    if (previous && isRecentReminder(previous.sent_at, now.toDate())) return 'recent';
    if (to.length === 0) return 'noEmail';
    const content = documentReminderMail(
      {
        familySurname: family.familySurname,
        title: document.title,
        children: family.children,
        deadline: document.deadline,
        signUrl: `${mail.siteUrl.replace(/\/+$/, '')}${paths.family}`,
      },
      mail,
    );
    const { season } = document;
    transaction.set(ref, {
      id: ref.id,
      season,
      product,
      family_id: family.familyId,
      child_ids: family.childIds,
      sent_at: now,
      sent_by: actor.email,
    });
    const mailId = enqueueMail(db, transaction, { kind: 'document-reminder', to, content, familyId: family.familyId }, now.toDate());
    return mailId ? { mailId } : 'noEmail';
  });
}

/**
 * Sends the reminders of `document` to the families of `rows` still to
 * sign ({@link PARALLEL} at a time), then one `document.remind` audit entry
 * when any was sent. Answers the counts and the ids of the e-mails to
 * deliver after the answer.
 * @throws HttpError 503 when some families' transactions failed (the others are sent; a retry skips them).
 */
export async function sendDocumentReminders(
  db: Firestore,
  document: GroupDocument,
  rows: readonly DocumentStatusRow[],
  actor: AuditActor,
  mail: MailContext,
): Promise<DocumentReminder & { mailIds: string[] }> {
  const families = familiesDue(rows);
  const sent: FamilyDue[] = [];
  const mailIds: string[] = [];
  let recent = 0;
  let noEmail = 0;
  let failed = 0;
  for (let start = 0; start < families.length; start += PARALLEL) {
    const group = families.slice(start, start + PARALLEL);
    const outcomes = await Promise.allSettled(group.map((family) => remindFamily(db, document, family, actor, mail)));
    outcomes.forEach((outcome, index) => {
      const family = group[index];
      if (outcome.status === 'rejected' || !family) {
        failed += 1;
        console.error(
          `admin-group-documents: ${family?.familyId ?? '?'} not reminded: ${String(outcome.status === 'rejected' ? outcome.reason : '')}`,
        );
      } else if (outcome.value === 'recent') recent += 1;
      else if (outcome.value === 'noEmail') noEmail += 1;
      else {
        sent.push(family);
        mailIds.push(outcome.value.mailId);
      }
    });
  }
  if (sent.length > 0) {
    const batch = db.batch();
    recordAudit(db, batch, {
      actor,
      action: AUDIT_ACTION.documentRemind,
      target: { collection: COLLECTION.groupDocuments, id: document.id },
      summary: `Promemoria «${document.title}» inviati a ${sent.length} ${sent.length === 1 ? 'famiglia' : 'famiglie'}`,
      before: null,
      after: {
        families: sent.map((family) => family.familyId).sort(),
        children: sent.reduce((sum, family) => sum + family.childIds.length, 0),
      },
    });
    await batch.commit();
  }
  if (failed > 0) throw new HttpError(503, MESSAGES.partial(sent.length, failed));
  return { sent: sent.length, recentlyReminded: recent, withoutEmail: noEmail, mailIds };
}

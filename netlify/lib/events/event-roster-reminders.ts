import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { adminEventRosterContract, type EventReminder, type EventRoster } from '@contracts/admin-event-roster';
import { paths } from '@config/paths';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { reminderDocument } from '@domain/reminders/reminder-schema';
import { missingPapers, paperReminderProduct, type MissingPaper } from '@domain/events/event-roster';
import { italianDateTime } from '@domain/italian-time';
import { isRecentReminder, reminderId } from '@domain/reminders/payment-reminders';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import type { MailContext } from '../platform/mail/layout';
import { eventPapersReminderMail } from './event-roster-mails';
import { enqueueMail, familyAddresses } from '../platform/mail/outbox';

/**
 * 'Invia promemoria' of an event's list (docs/events.md, "Reminders"): the
 * reminders' rules of netlify/lib/documents/document-reminders.ts applied to what the
 * children holding a place still owe (missingPapers). One e-mail per
 * family, through the outbox, naming only the papers not reminded to it in
 * the last 7 days; each paper's record `reminders/{season}_{product}_{familyId}`
 * (a document's shared with 'Documenti') is checked and written in the
 * e-mail's transaction, so two leaders at once never send it twice.
 */

const MESSAGES = adminEventRosterContract.messages;

/** How many families' transactions run at once. */
const PARALLEL = 8;

/** One family to remind: each paper it owes, with the children who owe it. */
interface FamilyDue {
  familyId: string;
  familySurname: string;
  papers: Array<{ paper: MissingPaper; childIds: string[]; children: string[] }>;
}

/** The families of `roster` whose children holding a place owe papers, in row order. */
function familiesDue(roster: EventRoster): FamilyDue[] {
  const families = new Map<string, FamilyDue>();
  for (const row of roster.rows) {
    for (const paper of missingPapers(row, roster.asksMedicalForm)) {
      const family = families.get(row.familyId) ?? { familyId: row.familyId, familySurname: row.surname, papers: [] };
      const product = paperReminderProduct(paper);
      const entry = family.papers.find((candidate) => paperReminderProduct(candidate.paper) === product);
      if (entry) {
        entry.childIds.push(row.childId);
        entry.children.push(row.name);
      } else family.papers.push({ paper, childIds: [row.childId], children: [row.name] });
      families.set(row.familyId, family);
    }
  }
  return [...families.values()];
}

/** What the e-mail calls a paper: the document's title, or 'scheda medica'. */
function paperName(roster: EventRoster, paper: MissingPaper): string {
  if (paper.kind === 'medicalForm') return 'scheda medica da caricare';
  const title = roster.documents.find((document) => document.key === paper.key)?.title ?? paper.key;
  return `${title} da firmare`;
}

/** Each child of `due` with the papers it still owes: 'Marco: Autorizzazione uscite da firmare, scheda medica da caricare'. */
function childLines(roster: EventRoster, due: FamilyDue['papers']): string[] {
  const byChild = new Map<string, string[]>();
  for (const { paper, children } of due) {
    for (const child of children) byChild.set(child, [...(byChild.get(child) ?? []), paperName(roster, paper)]);
  }
  return [...byChild].map(([child, papers]) => `${child}: ${papers.join(', ')}`);
}

type Outcome = { mailId: string; papers: number } | 'recent' | 'noEmail';

/** One family's reminder in ONE transaction: the papers reminded in the last 7 days left out; nothing left, or no e-mail on file, writes nothing. */
async function remindFamily(
  db: Firestore,
  roster: EventRoster,
  season: number,
  family: FamilyDue,
  actor: AuditActor,
  mail: MailContext,
): Promise<Outcome> {
  const refs = family.papers.map(({ paper }) =>
    db.collection(COLLECTION.reminders).doc(reminderId(season, paperReminderProduct(paper), family.familyId)),
  );
  return runTransaction(db, async (transaction) => {
    const previous = (await transaction.getAll(...refs)).map((snapshot) => readSnapshot(reminderDocument, snapshot));
    const to = await familyAddresses(db, transaction, family.familyId);
    const now = Timestamp.now();
    const due = family.papers.filter((_, index) => {
      const sent = previous[index];
      return !sent || !isRecentReminder(sent.sent_at, now.toDate());
    });
    if (due.length === 0) return 'recent';
    if (to.length === 0) return 'noEmail';
    const { event } = roster;
    const content = eventPapersReminderMail(
      {
        familySurname: family.familySurname,
        eventName: event.name,
        when: `dal ${italianDateTime(new Date(event.startsAt))} al ${italianDateTime(new Date(event.endsAt))}`,
        children: childLines(roster, due),
        familyUrl: `${mail.siteUrl.replace(/\/+$/, '')}${paths.family}`,
      },
      mail,
    );
    for (const { paper, childIds } of due) {
      const ref = db.collection(COLLECTION.reminders).doc(reminderId(season, paperReminderProduct(paper), family.familyId));
      transaction.set(ref, {
        id: ref.id,
        season,
        product: paperReminderProduct(paper),
        family_id: family.familyId,
        child_ids: childIds,
        sent_at: now,
        sent_by: actor.email,
      });
    }
    const mailId = enqueueMail(db, transaction, { kind: 'document-reminder', to, content, familyId: family.familyId }, now.toDate());
    return mailId ? { mailId, papers: due.length } : 'noEmail';
  });
}

/**
 * Sends the reminders of `roster` ({@link PARALLEL} families at a time),
 * then one `event.remind` audit entry when any was sent. Answers the counts
 * and the ids of the e-mails to deliver after the answer.
 * @throws HttpError 503 MESSAGES.partial when some families' transactions failed (the others are sent; a retry skips them).
 */
export async function sendEventReminders(
  db: Firestore,
  roster: EventRoster,
  season: number,
  actor: AuditActor,
  mail: MailContext,
): Promise<EventReminder & { mailIds: string[] }> {
  const families = familiesDue(roster);
  const sent: string[] = [];
  const mailIds: string[] = [];
  let papers = 0;
  let recent = 0;
  let noEmail = 0;
  let failed = 0;
  for (let start = 0; start < families.length; start += PARALLEL) {
    const group = families.slice(start, start + PARALLEL);
    const outcomes = await Promise.allSettled(group.map((family) => remindFamily(db, roster, season, family, actor, mail)));
    outcomes.forEach((outcome, index) => {
      const family = group[index];
      if (outcome.status === 'rejected' || !family) {
        failed += 1;
        console.error(
          `admin-event-roster: ${family?.familyId ?? '?'} not reminded: ${String(outcome.status === 'rejected' ? outcome.reason : '')}`,
        );
      } else if (outcome.value === 'recent') recent += 1;
      else if (outcome.value === 'noEmail') noEmail += 1;
      else {
        sent.push(family.familyId);
        mailIds.push(outcome.value.mailId);
        papers += outcome.value.papers;
      }
    });
  }
  if (sent.length > 0) {
    const batch = db.batch();
    recordAudit(db, batch, {
      actor,
      action: AUDIT_ACTION.eventRemind,
      target: { collection: COLLECTION.events, id: roster.event.id },
      summary: `Promemoria «${roster.event.name}» inviati a ${sent.length} ${sent.length === 1 ? 'famiglia' : 'famiglie'}`,
      before: null,
      after: { families: [...sent].sort(), papers },
    });
    await batch.commit();
  }
  if (failed > 0) throw new HttpError(503, MESSAGES.partial(sent.length, failed));
  return { sent: sent.length, recentlyReminded: recent, withoutEmail: noEmail, mailIds };
}

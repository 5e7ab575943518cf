import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { adminEventsContract } from '@contracts/admin-events';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { costOf, eventRevision, fieldsOfEvent } from '@domain/events/event-admin';
import type { GroupEvent } from '@domain/events/event';
import { eventSignupSchema } from '@domain/events/event-signup';
import { recordAudit } from '../platform/audit-log';
import { readAllSnapshots } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import { eventWhen } from './event-confirmation-mail';
import { eventCancelledMail } from './event-mails';
import type { MailContext } from '../platform/mail/layout';
import { enqueueMail, familyAddresses } from '../platform/mail/outbox';
import { ownProduct, planProducts, readSettings, writeProducts } from './event-quota-products';
import { childName, eventRef, readForWrite, unchanged, type EventWriter, type EventWritten } from './event-writer';

/**
 * 'Annulla evento' (docs/events.md, "The admin's side"): the event called
 * off in ONE transaction with its audit entry, its 'Quota' product and
 * the families' notices.
 */

const MESSAGES = adminEventsContract.messages;

/** A family told that an event was called off: its parents' addresses and its children signed up or waiting. */
interface CancelNotice {
  familyId: string;
  addresses: string[];
  children: string[];
}

/** Reads in `transaction` the families with a sign-up of `eventId` still standing (confirmed, offered, waiting), with their addresses and children. */
async function readCancelNotices(db: Firestore, transaction: Transaction, eventId: string): Promise<CancelNotice[]> {
  const query = db.collection(COLLECTION.eventSignups).where('event_id', '==', eventId);
  const standing = readAllSnapshots(eventSignupSchema, (await transaction.get(query)).docs).filter(
    (signup) => signup.state !== 'cancelled',
  );
  const families = [...new Set(standing.map((signup) => signup.family_id))];
  return Promise.all(
    families.map(async (familyId) => ({
      familyId,
      addresses: await familyAddresses(db, transaction, familyId),
      children: await Promise.all(
        standing.filter((signup) => signup.family_id === familyId).map((signup) => childName(db, transaction, signup.child_id)),
      ),
    })),
  );
}

/** Writes in `transaction` 'Annullato: {event}' to each family of `notices`; resolves the e-mails' ids. */
function writeCancelNotices(
  db: Firestore,
  transaction: Transaction,
  { event, notices, mail, now }: { event: GroupEvent; notices: readonly CancelNotice[]; mail: MailContext; now: Date },
): string[] {
  const when = eventWhen(event);
  return notices.flatMap(({ familyId, addresses, children }) => {
    const content = eventCancelledMail({ eventName: event.name, when, children }, mail);
    const id = enqueueMail(db, transaction, { kind: 'event-cancelled', to: addresses, content, familyId }, now);
    return id ? [id] : [];
  });
}

/**
 * 'Annulla evento': the event called off (no sign-up, no cancellation from
 * the families; its sign-ups stay on record), its 'Quota' product dropped
 * from the catalogue, or closed when families have paid it, and
 * 'Annullato: {event}' in the outbox for each family with a child signed up
 * or waiting, in one transaction with `event.cancel`. Again: unchanged.
 * @throws HttpError 404, 403, 409 stale.
 */
export async function cancelEvent(
  db: Firestore,
  writer: EventWriter,
  { id, revision }: { id: string; revision: string },
): Promise<EventWritten> {
  return runTransaction(db, async (transaction) => {
    const event = await readForWrite(db, transaction, writer.staff, id);
    if (event.cancelled_at) return unchanged(event);
    const settings = await readSettings(db, transaction, event.season);
    if ((await eventRevision(fieldsOfEvent(event, costOf(event, settings.products)), false)) !== revision) {
      throw new HttpError(409, MESSAGES.stale);
    }
    const now = Timestamp.now();
    const products = await planProducts(db, transaction, {
      season: event.season,
      products: settings.products,
      before: ownProduct(event, settings.products),
      after: null,
      closeIfPaid: true,
      now: now.toDate(),
    });
    const notices = await readCancelNotices(db, transaction, id);
    // Reads end here: the writes follow.
    transaction.update(eventRef(db, id), { cancelled_at: now });
    const mailIds = writeCancelNotices(db, transaction, { event, notices, mail: writer.mail, now: now.toDate() });
    recordAudit(db, transaction, {
      actor: writer.actor,
      action: AUDIT_ACTION.eventCancel,
      target: { collection: COLLECTION.events, id },
      summary: `Evento «${event.name}» annullato (${notices.length} ${notices.length === 1 ? 'famiglia avvisata' : 'famiglie avvisate'})`,
      before: { cancelled_at: null },
      after: { cancelled_at: now.toDate() },
    });
    writeProducts(db, transaction, { season: event.season, settings, products, actor: writer.actor, now });
    return { event: { ...event, cancelled_at: now.toDate() }, outcome: 'cancelled' as const, offered: 0, mailIds };
  });
}

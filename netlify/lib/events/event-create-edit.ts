import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { adminEventsContract } from '@contracts/admin-events';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import {
  costOf,
  eventIdOf,
  eventProductIds,
  eventRevision,
  fieldsOfEvent,
  italianLocalToIso,
  quotaProductOf,
  sameEventFields,
  type EventFields,
} from '@domain/events/event-admin';
import { emptyCounter, eventCounterSchema, eventSchema, placesLeft, type GroupEvent } from '@domain/events/event';
import { recordAudit } from '../platform/audit-log';
import { readSnapshot } from '../platform/snapshots';
import { readNextInLine, writeOffers } from './event-waiting-list';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import { ownProduct, planProducts, readSettings, writeProducts } from './event-quota-products';
import {
  checkBranches,
  checkDocuments,
  counterRef,
  eventRef,
  readForWrite,
  unchanged,
  type EventWriter,
  type EventWritten,
} from './event-writer';

/**
 * 'Nuovo evento' and an event's edit (docs/events.md, "The admin's side"):
 * each ONE transaction with its audit entry and the 'Quota' product
 * (event-quota-products.ts); places added are offered to the families
 * waiting in it too (readNextInLine, writeOffers: the path of a
 * cancellation). Two volunteers at once: an edit names the revision it
 * started from, so the second is refused (409), or, sending what is
 * already stored (a retry), answered unchanged.
 */

const MESSAGES = adminEventsContract.messages;

/** Most events of one name in a season ('…-2', '…-3' after called-off namesakes). */
const ID_TRIES = 20;

/** The stored fields of `fields` (instants as ISO with Rome's offset). */
function storedFields(fields: EventFields) {
  return {
    name: fields.name,
    branches: fields.branches,
    starts_at: italianLocalToIso(fields.startsAt),
    ends_at: italianLocalToIso(fields.endsAt),
    place: fields.place,
    meeting_point: fields.meetingPoint,
    places: fields.places,
    closes_on: fields.closesOn,
    products: eventProductIds(fields.name, fields.cost),
    required_documents: fields.requiredDocuments,
  };
}

/**
 * 'Nuovo evento' in `season`: the event under the id of its name
 * (eventIdOf; after a called-off namesake, '-2'), its 'Quota' product in
 * the season's catalogue, one `event.create` entry (and `settings.update`
 * for the product), in one transaction. The same event again (a retry, a
 * double tap) is answered unchanged; another live one of that name is 409.
 */
export async function createEvent(db: Firestore, writer: EventWriter, season: number, fields: EventFields): Promise<EventWritten> {
  checkBranches(writer.staff, fields.branches);
  await checkDocuments(db, season, fields);
  return runTransaction(db, async (transaction) => {
    const settings = await readSettings(db, transaction, season);
    for (let attempt = 1; attempt <= ID_TRIES; attempt += 1) {
      const id = eventIdOf(fields.name, season, attempt);
      const existing = readSnapshot(eventSchema, await transaction.get(eventRef(db, id)));
      if (existing?.cancelled_at) continue;
      if (existing) {
        if (sameEventFields(fieldsOfEvent(existing, costOf(existing, settings.products)), fields)) return unchanged(existing);
        throw new HttpError(409, MESSAGES.duplicate(existing.name));
      }
      const now = Timestamp.now();
      const after = quotaProductOf(fields);
      const products = await planProducts(db, transaction, {
        season,
        products: settings.products,
        before: null,
        after,
        closeIfPaid: false,
        now: now.toDate(),
      });
      const data = { id, ...storedFields(fields), season, created_at: now, cancelled_at: null };
      transaction.create(eventRef(db, id), data);
      recordAudit(db, transaction, {
        actor: writer.actor,
        action: AUDIT_ACTION.eventCreate,
        target: { collection: COLLECTION.events, id },
        summary: `Evento «${fields.name}» creato (${fields.branches.join(', ')}, ${fields.places} posti)`,
        before: null,
        after: { ...data, created_at: now.toDate(), quota: after?.price ?? null },
      });
      writeProducts(db, transaction, { season, settings, products, actor: writer.actor, now });
      return { event: { ...data, created_at: now.toDate() }, outcome: 'created' as const, offered: 0, mailIds: [] };
    }
    throw new HttpError(409, MESSAGES.duplicate(fields.name));
  });
}

/**
 * An edit of event `id` started from `revision` (eventRevision). Places
 * never drop below those held (confirmed and offered); places added are
 * offered, in the same transaction, to the first families waiting, with
 * their e-mails. The 'Quota' product follows the event's name, branches,
 * closing day and price. What is already stored (a retry) is answered unchanged.
 * @throws HttpError 404, 403, 409 stale, cancelled, placesBelowHeld, quotaPaid, productTaken.
 */
export async function editEvent(
  db: Firestore,
  writer: EventWriter,
  { id, revision, fields }: { id: string; revision: string; fields: EventFields },
): Promise<EventWritten> {
  checkBranches(writer.staff, fields.branches);
  const season = readSnapshot(eventSchema, await eventRef(db, id).get())?.season;
  if (season !== undefined) await checkDocuments(db, season, fields);
  return runTransaction(db, async (transaction) => {
    const event = await readForWrite(db, transaction, writer.staff, id);
    const [settings, counterSnapshot] = await Promise.all([
      readSettings(db, transaction, event.season),
      transaction.get(counterRef(db, id)),
    ]);
    const current = fieldsOfEvent(event, costOf(event, settings.products));
    if (event.cancelled_at) throw new HttpError(409, MESSAGES.cancelled);
    if (sameEventFields(current, fields)) return unchanged(event);
    if ((await eventRevision(current, false)) !== revision) throw new HttpError(409, MESSAGES.stale);
    const counter = readSnapshot(eventCounterSchema, counterSnapshot) ?? emptyCounter(id);
    const held = counter.confirmed + counter.offered;
    if (fields.places < held) throw new HttpError(409, MESSAGES.placesBelowHeld(held));
    const now = Timestamp.now();
    const products = await planProducts(db, transaction, {
      season: event.season,
      products: settings.products,
      before: ownProduct(event, settings.products),
      after: quotaProductOf(fields),
      closeIfPaid: false,
      now: now.toDate(),
    });
    const edited: GroupEvent = { ...event, ...storedFields(fields) };
    const offers = await readNextInLine(db, transaction, id, placesLeft(edited, counter));
    // Reads end here: the writes follow.
    transaction.update(eventRef(db, id), storedFields(fields));
    const mailIds = writeOffers(db, transaction, { event: edited, offers, mail: writer.mail, now: now.toDate() });
    if (offers.length > 0) transaction.set(counterRef(db, id), { ...counter, offered: counter.offered + offers.length });
    recordAudit(db, transaction, {
      actor: writer.actor,
      action: AUDIT_ACTION.eventEdit,
      target: { collection: COLLECTION.events, id },
      summary: editSummary(current, fields, offers.length),
      before: { ...current },
      after: { ...fields, offered_to: offers.map((offer) => offer.signup.child_id) },
    });
    writeProducts(db, transaction, { season: event.season, settings, products, actor: writer.actor, now });
    return { event: edited, outcome: 'edited' as const, offered: offers.length, mailIds };
  });
}

/** The audit line of an edit: the places' change and the offers it made, when any. */
function editSummary(before: EventFields, after: EventFields, offered: number): string {
  const details: string[] = [];
  if (before.places !== after.places) details.push(`posti da ${before.places} a ${after.places}`);
  if (offered > 0) details.push(`${offered} ${offered === 1 ? 'posto offerto' : 'posti offerti'} alla lista d'attesa`);
  return `Evento «${after.name}» modificato${details.length > 0 ? `: ${details.join(', ')}` : ''}`;
}

import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { adminEventsContract, type EventWrite } from '@contracts/admin-events';
import { AUDIT_ACTION } from '@domain/audit-log';
import { productSlug } from '@domain/catalogue/product-slug';
import type { SeasonProduct } from '@domain/catalogue/season-catalogue';
import { childDocument, COLLECTION, seasonSettingsDocument } from '@domain/schemas';
import {
  costOf,
  eventIdOf,
  eventProductIds,
  eventRevision,
  fieldsOfEvent,
  italianLocalToIso,
  quotaProductOf,
  quotaProductProblem,
  sameEventFields,
  type EventFields,
} from '@domain/events/event-admin';
import { emptyCounter, eventCounterSchema, eventSchema, placesLeft, type GroupEvent } from '@domain/events/event';
import { eventSignupSchema, signupId, waitingRank, type EventSignup } from '@domain/events/event-signup';
import { italianDateTime, italianDay, italianMidnight } from '@domain/italian-time';
import { settingsChangeSummary } from '@domain/season/season-settings-change';
import type { Staff } from '@domain/staff/staff-roles';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { readSeasonDocuments } from '../documents/document-status';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { confirmationMail } from './event-confirmation-mail';
import { readNextInLine, writeOffers } from './event-waiting-list';
import { mayChangeEvent, seesEvent } from './event-admin-view';
import { fullName } from '../documents/family-documents';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import { eventCancelledMail } from './event-mails';
import type { MailContext } from '../platform/mail/layout';
import { enqueueMail, familyAddresses } from '../platform/mail/outbox';
import { defaultSeasonSettings, planHasOrders, settingsDocumentOf, settingsOf, type SeasonSettings } from '../season/season-settings';

/**
 * The admin's writes of events (docs/events.md, "The admin's side"): each
 * ONE transaction with its audit entry. An outing's 'Quota' is the season
 * product named after it, written to `season_settings.products` in the
 * event's transaction; places added are offered to the families waiting in
 * it too (readNextInLine, writeOffers: the path of a cancellation). Two
 * volunteers at once: an edit names the revision it started from, so the
 * second is refused (409), or, sending what is already stored (a retry), answered unchanged.
 */

const MESSAGES = adminEventsContract.messages;

/** Most events of one name in a season ('…-2', '…-3' after called-off namesakes). */
const ID_TRIES = 20;

/** What a write did; the offers' e-mails to deliver after the answer. */
export interface EventWritten {
  event: GroupEvent;
  outcome: EventWrite['outcome'];
  offered: number;
  mailIds: string[];
}

/** Who writes: the audit's actor, the verified role, where the e-mails link to. */
export interface EventWriter {
  actor: AuditActor;
  staff: Staff;
  mail: MailContext;
}

const eventRef = (db: Firestore, id: string) => db.collection(COLLECTION.events).doc(id);
const counterRef = (db: Firestore, id: string) => db.collection(COLLECTION.eventCounters).doc(id);
const settingsRef = (db: Firestore, season: number) => db.collection(COLLECTION.seasonSettings).doc(String(season));

/** @throws HttpError 403 when a capo names a branch that is not theirs. */
function checkBranches(staff: Staff, branches: GroupEvent['branches']): void {
  if (!mayChangeEvent(staff, { branches })) throw new HttpError(403, MESSAGES.otherBranch);
}

/** @throws HttpError 400 when a required document is not among the season's live group documents. */
async function checkDocuments(db: Firestore, season: number, fields: EventFields): Promise<void> {
  const live = new Set((await readSeasonDocuments(db, season)).map((document) => document.key));
  const unknown = fields.requiredDocuments.find((key) => !live.has(key));
  if (unknown) throw new HttpError(400, MESSAGES.unknownDocument(unknown));
}

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

/** The season's settings read in `transaction` (the defaults when never saved). */
async function readSettings(db: Firestore, transaction: Transaction, season: number): Promise<SeasonSettings> {
  const saved = readSnapshot(seasonSettingsDocument, await transaction.get(settingsRef(db, season)));
  return saved ? settingsOf(saved) : defaultSeasonSettings(season);
}

/** The day before today in Italy: a product closed on it takes no new order. */
function yesterday(now: Date): string {
  return italianDay(new Date(italianMidnight(italianDay(now)).getTime() - 60_000));
}

/**
 * The season's products once an event's 'Quota' goes from `before` (the
 * event's product now, or null) to `after` (null: none), read in
 * `transaction`. A product families have paid is never dropped or renamed
 * (409 quotaPaid); with `closeIfPaid` (calling off) it is closed instead.
 * @throws HttpError 400 for a name the catalogue refuses, 409 productTaken, productLimit or quotaPaid.
 */
async function planProducts(
  db: Firestore,
  transaction: Transaction,
  { season, products, before, after, closeIfPaid, now }: ProductChange,
): Promise<SeasonProduct[]> {
  let next = [...products];
  if (before && (!after || after.name !== before.name)) {
    const paid = await planHasOrders(db, transaction, season, before.name);
    if (paid && !closeIfPaid) throw new HttpError(409, MESSAGES.quotaPaid(before.name));
    next = paid
      ? next.map((product) => (product.name === before.name ? { ...product, closesOn: yesterday(now) } : product))
      : next.filter((product) => productSlug(product.name) !== productSlug(before.name));
  }
  if (!after) return next;
  const problem = quotaProductProblem(after);
  if (problem) throw new HttpError(400, problem);
  const slug = productSlug(after.name);
  const mine = before && productSlug(before.name) === slug;
  if (!mine && next.some((product) => productSlug(product.name) === slug)) throw new HttpError(409, MESSAGES.productTaken(after.name));
  next = mine ? next.map((product) => (productSlug(product.name) === slug ? after : product)) : [...next, after];
  if (next.length > 20) throw new HttpError(409, MESSAGES.productLimit);
  return next;
}

interface ProductChange {
  season: number;
  products: readonly SeasonProduct[];
  before: SeasonProduct | null;
  after: SeasonProduct | null;
  closeIfPaid: boolean;
  now: Date;
}

/** Writes the season's settings with `products` and their audit entry, when they changed. */
function writeProducts(
  db: Firestore,
  transaction: Transaction,
  {
    season,
    settings,
    products,
    actor,
    now,
  }: { season: number; settings: SeasonSettings; products: SeasonProduct[]; actor: AuditActor; now: Timestamp },
): void {
  const after = { ...settings, products };
  const change = settingsChangeSummary(season, settings, after);
  if (!change) return;
  transaction.set(settingsRef(db, season), settingsDocumentOf(season, after, actor.email, now));
  recordAudit(db, transaction, {
    actor,
    action: AUDIT_ACTION.settingsUpdate,
    target: { collection: COLLECTION.seasonSettings, id: String(season) },
    summary: change.summary,
    before: change.before,
    after: change.after,
  });
}

/** The product of an event's quota as the season holds it (the season product its products name), or null. */
function ownProduct(event: Pick<GroupEvent, 'products'>, products: readonly SeasonProduct[]): SeasonProduct | null {
  return products.find((product) => event.products.includes(productSlug(product.name))) ?? null;
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

const unchanged = (event: GroupEvent): EventWritten => ({ event, outcome: 'unchanged', offered: 0, mailIds: [] });

/** Reads event `id` in `transaction` for a write by `staff`: 404 when missing, 403 when not theirs to change (notVisible when none of its branches is theirs). */
async function readForWrite(db: Firestore, transaction: Transaction, staff: Staff, id: string): Promise<GroupEvent> {
  const event = readSnapshot(eventSchema, await transaction.get(eventRef(db, id)));
  if (!event) throw new HttpError(404, MESSAGES.notFound);
  if (!seesEvent(staff, event)) throw new HttpError(403, MESSAGES.notVisible);
  checkBranches(staff, event.branches);
  return event;
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
  const when = `dal ${italianDateTime(new Date(event.starts_at))} al ${italianDateTime(new Date(event.ends_at))}`;
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

/** The waiting sign-ups of `eventId`, read in `transaction` (an equality query: no composite index). */
export async function readWaiting(db: Firestore, transaction: Transaction, eventId: string): Promise<EventSignup[]> {
  const query = db.collection(COLLECTION.eventSignups).where('event_id', '==', eventId).where('state', '==', 'waiting');
  return readAllSnapshots(eventSignupSchema, (await transaction.get(query)).docs);
}

/** A child's name for the audit line, read in `transaction`. */
async function childName(db: Firestore, transaction: Transaction, childId: string): Promise<string> {
  const child = readSnapshot(childDocument, await transaction.get(db.collection(COLLECTION.sons).doc(childId)));
  return child ? fullName(child) : childId;
}

/**
 * A leader's move of the waiting list: `childId` (waiting, at sequence
 * number `position`, as the screen showed) swaps places with the waiting
 * child just ahead ('up') or just behind ('down'), with `event.line_move`,
 * in one transaction. A position that no longer matches (the line moved,
 * or the same move again) is 409, so a double tap never moves twice.
 * @throws HttpError 404, 403, 409 cancelled, notWaiting, lineChanged, edgeOfLine.
 */
export async function moveInLine(
  db: Firestore,
  writer: EventWriter,
  { id, childId, position, direction }: { id: string; childId: string; position: number; direction: 'up' | 'down' },
): Promise<EventWritten> {
  return runTransaction(db, async (transaction) => {
    const event = await readForWrite(db, transaction, writer.staff, id);
    if (event.cancelled_at) throw new HttpError(409, MESSAGES.cancelled);
    const waiting = await readWaiting(db, transaction, id);
    const mine = waiting.find((signup) => signup.child_id === childId);
    if (!mine) throw new HttpError(409, MESSAGES.notWaiting);
    if (mine.position !== position) throw new HttpError(409, MESSAGES.lineChanged);
    const others = waiting.filter((signup) => signup !== mine && signup.position !== null);
    const candidates = direction === 'up' ? others.filter((s) => s.position! < position) : others.filter((s) => s.position! > position);
    const other = candidates.sort((a, b) => (direction === 'up' ? b.position! - a.position! : a.position! - b.position!))[0];
    if (!other) throw new HttpError(409, MESSAGES.edgeOfLine(direction));
    const name = await childName(db, transaction, childId);
    const rank = waitingRank(mine, waiting)!;
    const signups = db.collection(COLLECTION.eventSignups);
    transaction.update(signups.doc(signupId(id, childId)), { position: other.position });
    transaction.update(signups.doc(signupId(id, other.child_id)), { position });
    const newRank = direction === 'up' ? rank - 1 : rank + 1;
    recordAudit(db, transaction, {
      actor: writer.actor,
      action: AUDIT_ACTION.eventLineMove,
      target: { collection: COLLECTION.eventSignups, id: signupId(id, childId) },
      summary: `Lista d'attesa di «${event.name}»: ${name} da posizione ${rank} a ${newRank}`,
      before: { position, rank, swapped_with: other.child_id },
      after: { position: other.position, rank: newRank },
    });
    return { event, outcome: 'moved' as const, offered: 0, mailIds: [] };
  });
}

/**
 * 'Dai il posto': a waiting (or offered) child confirmed out of the list's
 * order, by the leaders' choice; when no place is left, the event's places
 * grow by one for them (the capi take one more child). One transaction
 * with `event.admit` and the family's 'Iscrizione confermata' (confirmationMail). A child already confirmed: unchanged.
 * @throws HttpError 404, 403, 409 cancelled or notWaiting.
 */
export async function admitChild(
  db: Firestore,
  writer: EventWriter,
  { id, childId }: { id: string; childId: string },
): Promise<EventWritten> {
  return runTransaction(db, async (transaction) => {
    const event = await readForWrite(db, transaction, writer.staff, id);
    if (event.cancelled_at) throw new HttpError(409, MESSAGES.cancelled);
    const signupRef = db.collection(COLLECTION.eventSignups).doc(signupId(id, childId));
    const [signupSnapshot, counterSnapshot] = await transaction.getAll(signupRef, counterRef(db, id));
    const signup = readSnapshot(eventSignupSchema, signupSnapshot!);
    if (signup?.state === 'confirmed') return unchanged(event);
    if (!signup || (signup.state !== 'waiting' && signup.state !== 'offered')) throw new HttpError(409, MESSAGES.notWaiting);
    const counter = readSnapshot(eventCounterSchema, counterSnapshot!) ?? emptyCounter(id);
    const child = readSnapshot(childDocument, await transaction.get(db.collection(COLLECTION.sons).doc(childId)));
    const name = child ? fullName(child) : childId;
    const addresses = await familyAddresses(db, transaction, signup.family_id);
    // Reads end here: the writes follow.
    const offered = counter.offered - (signup.state === 'offered' ? 1 : 0);
    // A waiting child takes a free place, or one more than the event had; an offered one takes the place held for them.
    const extra = signup.state === 'waiting' && placesLeft(event, counter) === 0 ? 1 : 0;
    const places = event.places + extra;
    transaction.update(signupRef, { state: 'confirmed', offered_until: null });
    transaction.set(counterRef(db, id), { ...counter, confirmed: counter.confirmed + 1, offered: Math.max(0, offered) });
    if (extra > 0) transaction.update(eventRef(db, id), { places });
    recordAudit(db, transaction, {
      actor: writer.actor,
      action: AUDIT_ACTION.eventAdmit,
      target: { collection: COLLECTION.eventSignups, id: signupId(id, childId) },
      summary: `«${event.name}»: posto dato a ${name} fuori dall'ordine della lista d'attesa${extra > 0 ? ` (posti da ${event.places} a ${places})` : ''}`,
      before: { state: signup.state, position: signup.position, places: event.places },
      after: { state: 'confirmed', places },
    });
    const confirmed: EventSignup = { ...signup, state: 'confirmed', offered_until: null };
    const mailId = confirmationMail(db, transaction, { ...event, places }, confirmed, { addresses, child }, writer.mail, new Date());
    return { event: { ...event, places }, outcome: 'admitted' as const, offered: 0, mailIds: mailId ? [mailId] : [] };
  });
}

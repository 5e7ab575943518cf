import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { EVENT_SIGNUP_MESSAGES as M } from '@contracts/event-signup';
import { childDocument, type ChildDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { emptyCounter, eventCounterSchema, eventSchema, isOpenTo, placesLeft, signupsClosed, type GroupEvent } from '@domain/events/event';
import {
  eventSignupSchema,
  nextInLine,
  offerDeadline,
  offerExpired,
  signupId,
  waitingRank,
  type EventSignup,
  type SignupState,
} from '@domain/events/event-signup';
import { italianDateTime, italianDay } from '@domain/italian-time';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { fullName } from '../documents/family-documents';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import { eventConfirmedMail, eventOfferMail } from './event-mails';
import type { MailContext } from '../platform/mail/layout';
import { enqueueMail, familyAddresses } from '../platform/mail/outbox';
import { optionalLimit } from '../platform/server-env';
import type { FamilySession } from '../platform/session';

/**
 * Signing children up for outings and camps (docs/events.md): every change
 * of a sign-up runs in one transaction that reads and writes the event's
 * counter (`event_counters/{eventId}`), so sign-ups arriving at the same
 * moment are serialised on it: never more confirmed than `places`, and
 * each waiting sign-up takes its own sequence number.
 */

/** Attempts of a sign-up's transaction (Firestore's default is 5): a whole class signing up when the list opens contends on one counter. */
export const TRANSACTION_ATTEMPTS = 40;

const offerSchema = z.object({ EVENT_OFFER_HOURS: optionalLimit(48) });

/** How many hours a freed place is held for the family at the head of the line (EVENT_OFFER_HOURS, 48 by default). */
export function offerHours(env: NodeJS.ProcessEnv = process.env): number {
  return offerSchema.parse(env).EVENT_OFFER_HOURS;
}

/** What event-signup answers: the sign-up's state, the place in line shown while waiting, and the offer's end. */
export interface SignupOutcome {
  eventId: string;
  childId: string;
  state: SignupState;
  position: number | null;
  offeredUntil: string | null;
}

/** The outcome of a stored sign-up; the place in line is filled in by {@link withRank}. */
const outcomeOf = (signup: EventSignup): SignupOutcome => ({
  eventId: signup.event_id,
  childId: signup.child_id,
  state: signup.state,
  position: null,
  offeredUntil: signup.state === 'offered' && signup.offered_until ? signup.offered_until.toISOString() : null,
});

/** The waiting sign-ups of an event (an equality query: no composite index). */
export const waitingQuery = (db: Firestore, eventId: string) =>
  db.collection(COLLECTION.eventSignups).where('event_id', '==', eventId).where('state', '==', 'waiting');

/** The sign-up's place in line as the family sees it (waitingRank), read after the transaction: the line may have moved since. */
async function withRank(db: Firestore, outcome: SignupOutcome, signup: EventSignup): Promise<SignupOutcome> {
  if (signup.state !== 'waiting') return outcome;
  const waiting = readAllSnapshots(eventSignupSchema, (await waitingQuery(db, signup.event_id).get()).docs);
  return { ...outcome, position: waitingRank(signup, waiting) };
}

/** Firestore's form of a sign-up. */
export const stored = (signup: EventSignup) => ({
  ...signup,
  signed_up_at: Timestamp.fromDate(signup.signed_up_at),
  offered_until: signup.offered_until ? Timestamp.fromDate(signup.offered_until) : null,
  cancelled_at: signup.cancelled_at ? Timestamp.fromDate(signup.cancelled_at) : null,
  offer_expired_at: signup.offer_expired_at ? Timestamp.fromDate(signup.offer_expired_at) : null,
});

/**
 * Writes, in `transaction` (its reads done), 'Iscrizione confermata' for
 * the family of `signup`, a child who now has a place, with the event's
 * calendar entry attached (made when sent: netlify/lib/events/event-calendar.ts).
 * Returns the e-mail's id (deliver it after the transaction), null without
 * an address.
 */
export function confirmationMail(
  db: Firestore,
  transaction: Transaction,
  event: GroupEvent,
  signup: EventSignup,
  family: { addresses: readonly string[]; child: ChildDocument | null },
  mail: MailContext,
  now: Date,
): string | null {
  const childName = family.child ? fullName(family.child) : signup.child_id;
  return enqueueMail(
    db,
    transaction,
    {
      kind: 'event-confirmed',
      to: family.addresses,
      content: eventConfirmedMail(
        { eventName: event.name, when: eventWhen(event), place: event.place, meetingPoint: event.meeting_point, child: childName },
        mail,
      ),
      familyId: signup.family_id,
      attachments: [{ kind: 'event-calendar', event_id: event.id, child_id: signup.child_id, child_name: childName }],
    },
    now,
  );
}

/** An event's dates as the e-mails say them: 'dal 09/05/… 08:30 al 10/05/… 17:00'. */
export function eventWhen(event: Pick<GroupEvent, 'starts_at' | 'ends_at'>): string {
  return `dal ${italianDateTime(new Date(event.starts_at))} al ${italianDateTime(new Date(event.ends_at))}`;
}

/** The event `eventId`, not called off. @throws HttpError 404 M.eventNotFound. */
function liveEvent(event: GroupEvent | null): GroupEvent {
  if (!event || event.cancelled_at) throw new HttpError(404, M.eventNotFound);
  return event;
}

/**
 * 'Iscrivi': signs `childId` (a child of the session's family) up for
 * `eventId` in one transaction on the event's counter: a place when one is
 * left (placesLeft), else the next waiting sequence number. A child already
 * signed up (not cancelled) answers their sign-up as it is: a retried
 * request changes nothing. A place taken writes 'Iscrizione confermata'
 * with its calendar entry to the outbox ({@link confirmationMail}); returns
 * the outcome and that e-mail's id (deliver it after the answer).
 * @throws HttpError 404 M.eventNotFound, 403 M.otherChild or M.notForChild, 409 M.closed.
 */
export async function signUp(
  db: Firestore,
  session: FamilySession,
  eventId: string,
  childId: string,
  mail: MailContext,
  now = new Date(),
): Promise<{ outcome: SignupOutcome; mailId: string | null }> {
  const { signup, mailId } = await runTransaction(
    db,
    async (transaction) => {
      const counterRef = db.collection(COLLECTION.eventCounters).doc(eventId);
      const signupRef = db.collection(COLLECTION.eventSignups).doc(signupId(eventId, childId));
      const [eventSnapshot, childSnapshot, signupSnapshot, counterSnapshot] = await transaction.getAll(
        db.collection(COLLECTION.events).doc(eventId),
        db.collection(COLLECTION.sons).doc(childId),
        signupRef,
        counterRef,
      );
      const event = liveEvent(readSnapshot(eventSchema, eventSnapshot!));
      const child = readSnapshot(childDocument, childSnapshot!);
      if (!child || child.family_id !== session.familyId || child.archived_at) throw new HttpError(403, M.otherChild);
      const existing = readSnapshot(eventSignupSchema, signupSnapshot!);
      if (existing && existing.state !== 'cancelled') return { signup: existing, mailId: null };
      if (!event.branches.includes(child.branch)) throw new HttpError(403, M.notForChild);
      if (!isOpenTo(event, child.branch, italianDay(now))) throw new HttpError(409, M.closed);
      const counter = readSnapshot(eventCounterSchema, counterSnapshot!) ?? emptyCounter(eventId);
      const confirmed = placesLeft(event, counter) > 0;
      const addresses = confirmed ? await familyAddresses(db, transaction, session.familyId) : [];
      // Reads end here: the writes follow.
      const signup: EventSignup = {
        event_id: eventId,
        family_id: session.familyId,
        child_id: childId,
        parent_id: session.parentId,
        state: confirmed ? 'confirmed' : 'waiting',
        position: confirmed ? null : counter.next_position,
        signed_up_at: now,
        offered_until: null,
        cancelled_at: null,
        offer_expired_at: null,
      };
      transaction.set(counterRef, {
        ...counter,
        ...(confirmed ? { confirmed: counter.confirmed + 1 } : { next_position: counter.next_position + 1 }),
      });
      transaction.set(signupRef, stored(signup));
      const mailId = confirmed ? confirmationMail(db, transaction, event, signup, { addresses, child }, mail, now) : null;
      return { signup, mailId };
    },
    { maxAttempts: TRANSACTION_ATTEMPTS },
  );
  return { outcome: await withRank(db, outcomeOf(signup), signup), mailId };
}

/** The session family's sign-up of `childId` for `eventId`, as read in a transaction. @throws HttpError 404 M.signupNotFound. */
function ownSignup(signup: EventSignup | null, familyId: string): EventSignup {
  if (!signup || signup.family_id !== familyId) throw new HttpError(404, M.signupNotFound);
  return signup;
}

/** A waiting sign-up about to be offered a freed place, with what its e-mail needs. */
export interface PendingOffer {
  signup: EventSignup;
  addresses: string[];
  child: string;
}

/**
 * Reads in `transaction` (before its writes) the first `count` waiting
 * sign-ups of `eventId` in line (by sequence number, as nextInLine), each
 * with its family's addresses and the child's name: who a freed place goes to.
 */
export async function readNextInLine(db: Firestore, transaction: Transaction, eventId: string, count: number): Promise<PendingOffer[]> {
  if (count <= 0) return [];
  const waiting = readAllSnapshots(eventSignupSchema, (await transaction.get(waitingQuery(db, eventId))).docs);
  const first: EventSignup[] = [];
  for (let left = [...waiting]; first.length < count;) {
    const next = nextInLine(left);
    if (!next) break;
    first.push(next);
    left = left.filter((signup) => signup !== next);
  }
  return Promise.all(
    first.map(async (signup) => {
      const child = readSnapshot(childDocument, await transaction.get(db.collection(COLLECTION.sons).doc(signup.child_id)));
      return {
        signup,
        addresses: await familyAddresses(db, transaction, signup.family_id),
        child: child ? fullName(child) : signup.child_id,
      };
    }),
  );
}

/**
 * Writes in `transaction` the offers of freed places ({@link readNextInLine}):
 * each sign-up 'offered' until now + EVENT_OFFER_HOURS, and 'Si è liberato
 * un posto' in the outbox for its family. The caller adds `offers.length`
 * to the counter's `offered`. Resolves the e-mails' ids (deliver them after
 * the answer). The one path of a cancellation, of an offer that ran out (netlify/lib/events/event-offer-expiry.ts) and of places added by the capi.
 */
export function writeOffers(
  db: Firestore,
  transaction: Transaction,
  { event, offers, mail, now }: { event: GroupEvent; offers: readonly PendingOffer[]; mail: MailContext; now: Date },
): string[] {
  const offeredUntil = offerDeadline(now, offerHours());
  const when = eventWhen(event);
  return offers.flatMap(({ signup, addresses, child }) => {
    transaction.set(
      db.collection(COLLECTION.eventSignups).doc(signupId(event.id, signup.child_id)),
      stored({ ...signup, state: 'offered', offered_until: offeredUntil }),
    );
    const mailId = enqueueMail(
      db,
      transaction,
      {
        kind: 'event-offer',
        to: addresses,
        content: eventOfferMail({ eventName: event.name, when, child, offeredUntil: italianDateTime(offeredUntil) }, mail),
        familyId: signup.family_id,
      },
      now,
    );
    return mailId ? [mailId] : [];
  });
}

/**
 * 'Annulla iscrizione', until the closing day: the sign-up becomes
 * 'cancelled'. A place it held (confirmed or offered) is offered, in the
 * same transaction, to the first waiting sign-up (nextInLine) for
 * EVENT_OFFER_HOURS, with the e-mail to its family in the outbox; with
 * nobody waiting it is free again. Cancelling again answers the same.
 * Returns the outcome and the offer e-mail's id (deliver it after the answer).
 * @throws HttpError 404 M.signupNotFound or M.eventNotFound, 409 M.closed.
 */
export async function cancelSignup(
  db: Firestore,
  session: FamilySession,
  eventId: string,
  childId: string,
  mail: MailContext,
  now = new Date(),
): Promise<{ outcome: SignupOutcome; mailId: string | null }> {
  return releaseSignup(db, session.familyId, eventId, childId, mail, now, 'before closing');
}

/**
 * Cancels the sign-up of `childId` (a child of `familyId`) for `eventId` in
 * one transaction on the event's counter, offering a place it held to the
 * first family waiting (nextInLine, writeOffers). The family's own
 * 'Annulla iscrizione' may do so only until the sign-ups close; the erasure
 * of the family ({@link withdrawFamilySignups}) at any time before the event.
 */
async function releaseSignup(
  db: Firestore,
  familyId: string,
  eventId: string,
  childId: string,
  mail: MailContext,
  now: Date,
  when: 'before closing' | 'before the event',
): Promise<{ outcome: SignupOutcome; mailId: string | null }> {
  return runTransaction(
    db,
    async (transaction) => {
      const counterRef = db.collection(COLLECTION.eventCounters).doc(eventId);
      const signupRef = db.collection(COLLECTION.eventSignups).doc(signupId(eventId, childId));
      const [eventSnapshot, signupSnapshot, counterSnapshot] = await transaction.getAll(
        db.collection(COLLECTION.events).doc(eventId),
        signupRef,
        counterRef,
      );
      const signup = ownSignup(readSnapshot(eventSignupSchema, signupSnapshot!), familyId);
      if (signup.state === 'cancelled') return { outcome: outcomeOf(signup), mailId: null };
      const event = liveEvent(readSnapshot(eventSchema, eventSnapshot!));
      if (when === 'before closing' && signupsClosed(event, italianDay(now))) throw new HttpError(409, M.closed);
      const counter = readSnapshot(eventCounterSchema, counterSnapshot!) ?? emptyCounter(eventId);
      const held = signup.state === 'confirmed' || signup.state === 'offered';
      const offers = held ? await readNextInLine(db, transaction, eventId, 1) : [];
      // Reads end here: the writes follow.
      const cancelled: EventSignup = { ...signup, state: 'cancelled', offered_until: null, cancelled_at: now };
      transaction.set(signupRef, stored(cancelled));
      const mailIds = writeOffers(db, transaction, { event, offers, mail, now });
      const released = {
        confirmed: counter.confirmed - (signup.state === 'confirmed' ? 1 : 0),
        offered: counter.offered - (signup.state === 'offered' ? 1 : 0) + offers.length,
      };
      if (held) transaction.set(counterRef, { ...counter, ...released });
      return { outcome: outcomeOf(cancelled), mailId: mailIds[0] ?? null };
    },
    { maxAttempts: TRANSACTION_ATTEMPTS },
  );
}

/**
 * Before 'Elimina famiglia' (netlify/lib/families/family-data.ts, eraseFamily): each
 * place the family holds (confirmed or offered) at an event not yet begun
 * and not called off is given up through {@link releaseSignup}, so the
 * first family waiting is offered it; the sign-ups themselves are deleted
 * with the family. Returns the offer e-mails' ids (deliver them after the answer).
 */
export async function withdrawFamilySignups(db: Firestore, familyId: string, mail: MailContext, now = new Date()): Promise<string[]> {
  const signups = readAllSnapshots(
    eventSignupSchema,
    (await db.collection(COLLECTION.eventSignups).where('family_id', '==', familyId).get()).docs,
  ).filter((signup) => signup.state === 'confirmed' || signup.state === 'offered');
  const mailIds: string[] = [];
  for (const signup of signups) {
    const event = readSnapshot(eventSchema, await db.collection(COLLECTION.events).doc(signup.event_id).get());
    if (!event || event.cancelled_at || new Date(event.starts_at) <= now) continue;
    const { mailId } = await releaseSignup(db, familyId, signup.event_id, signup.child_id, mail, now, 'before the event');
    if (mailId) mailIds.push(mailId);
  }
  return mailIds;
}

/**
 * 'Conferma' of a place offered to the family: the sign-up becomes
 * 'confirmed' while the offer lasts (offerExpired), with 'Iscrizione
 * confermata' in the outbox ({@link confirmationMail}); confirming again
 * answers the same, no second e-mail. An offer ended by event-offer-expiry
 * is 410 too. Returns the outcome and the e-mail's id.
 * @throws HttpError 404 M.signupNotFound, 409 M.noOffer, 410 M.offerExpired.
 */
export async function acceptOffer(
  db: Firestore,
  session: FamilySession,
  eventId: string,
  childId: string,
  mail: MailContext,
  now = new Date(),
): Promise<{ outcome: SignupOutcome; mailId: string | null }> {
  return runTransaction(
    db,
    async (transaction) => {
      const counterRef = db.collection(COLLECTION.eventCounters).doc(eventId);
      const signupRef = db.collection(COLLECTION.eventSignups).doc(signupId(eventId, childId));
      const [signupSnapshot, counterSnapshot, eventSnapshot, childSnapshot] = await transaction.getAll(
        signupRef,
        counterRef,
        db.collection(COLLECTION.events).doc(eventId),
        db.collection(COLLECTION.sons).doc(childId),
      );
      const signup = ownSignup(readSnapshot(eventSignupSchema, signupSnapshot!), session.familyId);
      if (signup.state === 'confirmed') return { outcome: outcomeOf(signup), mailId: null };
      if (signup.state === 'cancelled' && signup.offer_expired_at) throw new HttpError(410, M.offerExpired);
      if (signup.state !== 'offered') throw new HttpError(409, M.noOffer);
      if (offerExpired(signup, now)) throw new HttpError(410, M.offerExpired);
      const counter = readSnapshot(eventCounterSchema, counterSnapshot!) ?? emptyCounter(eventId);
      const event = readSnapshot(eventSchema, eventSnapshot!);
      const child = readSnapshot(childDocument, childSnapshot!);
      const addresses = event ? await familyAddresses(db, transaction, signup.family_id) : [];
      // Reads end here: the writes follow.
      const confirmed: EventSignup = { ...signup, state: 'confirmed', offered_until: null };
      transaction.set(signupRef, stored(confirmed));
      transaction.set(counterRef, { ...counter, confirmed: counter.confirmed + 1, offered: Math.max(0, counter.offered - 1) });
      const mailId = event ? confirmationMail(db, transaction, event, confirmed, { addresses, child }, mail, now) : null;
      return { outcome: outcomeOf(confirmed), mailId };
    },
    { maxAttempts: TRANSACTION_ATTEMPTS },
  );
}

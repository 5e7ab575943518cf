import type { Firestore } from 'firebase-admin/firestore';
import { EVENT_SIGNUP_MESSAGES as M } from '@contracts/event-signup';
import { COLLECTION } from '@domain/collections';
import { eventSchema, isOpenTo, placesLeft, signupsClosed } from '@domain/events/event';
import { eventSignupSchema, offerExpired, type EventSignup } from '@domain/events/event-signup';
import { italianDay } from '@domain/italian-time';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import { confirmationMail } from './event-confirmation-mail';
import { liveEvent, readSignupState, storedSignup, TRANSACTION_ATTEMPTS } from './event-signup-state';
import { outcomeOf, withRank, type SignupOutcome } from './event-signup-outcome';
import { readNextInLine, writeOffers } from './event-waiting-list';
import type { MailContext } from '../platform/mail/layout';
import { familyAddresses } from '../platform/mail/outbox';
import type { FamilySession } from '../platform/session';

/**
 * A family's changes of a sign-up for outings and camps (docs/events.md):
 * 'Iscrivi', 'Annulla iscrizione', 'Conferma' of an offered place, and the
 * places given up before the family is erased; each one transaction on the
 * event's counter (netlify/lib/events/event-signup-state.ts).
 */

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
      const {
        event,
        child,
        signup: existing,
        counter,
        signupRef,
        counterRef,
      } = await readSignupState(db, transaction, { eventId, childId }, { expect: 'a child of the family', familyId: session.familyId });
      if (existing && existing.state !== 'cancelled') return { signup: existing, mailId: null };
      if (!event.branches.includes(child.branch)) throw new HttpError(403, M.notForChild);
      if (!isOpenTo(event, child.branch, italianDay(now))) throw new HttpError(409, M.closed);
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
      transaction.set(signupRef, storedSignup(signup));
      const mailId = confirmed ? confirmationMail(db, transaction, event, signup, { addresses, child }, mail, now) : null;
      return { signup, mailId };
    },
    { maxAttempts: TRANSACTION_ATTEMPTS },
  );
  return { outcome: await withRank(db, outcomeOf(signup), signup), mailId };
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
      const read = await readSignupState(
        db,
        transaction,
        { eventId, childId },
        { expect: 'a sign-up of the family', familyId, readChild: false },
      );
      const { signup, counter, signupRef, counterRef } = read;
      if (signup.state === 'cancelled') return { outcome: outcomeOf(signup), mailId: null };
      const event = liveEvent(read.event);
      if (when === 'before closing' && signupsClosed(event, italianDay(now))) throw new HttpError(409, M.closed);
      const held = signup.state === 'confirmed' || signup.state === 'offered';
      const offers = held ? await readNextInLine(db, transaction, eventId, 1) : [];
      // Reads end here: the writes follow.
      const cancelled: EventSignup = { ...signup, state: 'cancelled', offered_until: null, cancelled_at: now };
      transaction.set(signupRef, storedSignup(cancelled));
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
      const { signup, counter, event, child, signupRef, counterRef } = await readSignupState(
        db,
        transaction,
        { eventId, childId },
        { expect: 'a sign-up of the family', familyId: session.familyId, readChild: true },
      );
      if (signup.state === 'confirmed') return { outcome: outcomeOf(signup), mailId: null };
      if (signup.state === 'cancelled' && signup.offer_expired_at) throw new HttpError(410, M.offerExpired);
      if (signup.state !== 'offered') throw new HttpError(409, M.noOffer);
      if (offerExpired(signup, now)) throw new HttpError(410, M.offerExpired);
      const addresses = event ? await familyAddresses(db, transaction, signup.family_id) : [];
      // Reads end here: the writes follow.
      const confirmed: EventSignup = { ...signup, state: 'confirmed', offered_until: null };
      transaction.set(signupRef, storedSignup(confirmed));
      transaction.set(counterRef, { ...counter, confirmed: counter.confirmed + 1, offered: Math.max(0, counter.offered - 1) });
      const mailId = event ? confirmationMail(db, transaction, event, confirmed, { addresses, child }, mail, now) : null;
      return { outcome: outcomeOf(confirmed), mailId };
    },
    { maxAttempts: TRANSACTION_ATTEMPTS },
  );
}

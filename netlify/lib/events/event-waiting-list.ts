import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import type { GroupEvent } from '@domain/events/event';
import { eventSignupSchema, nextInLine, offerDeadline, signupId, type EventSignup } from '@domain/events/event-signup';
import { italianDateTime } from '@domain/italian-time';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { fullName } from '../documents/family-documents';
import { eventWhen } from './event-confirmation-mail';
import { eventOfferMail } from './event-mails';
import { storedSignup } from './event-signup-state';
import type { MailContext } from '../platform/mail/layout';
import { enqueueMail, familyAddresses } from '../platform/mail/outbox';
import { optionalLimit } from '../platform/server-env';

/**
 * An event's waiting list (docs/events.md, "The waiting list"): its query
 * and read, who a freed place goes to (nextInLine) and the offer written to them.
 */

const offerSchema = z.object({ EVENT_OFFER_HOURS: optionalLimit(48) });

/** How many hours a freed place is held for the family at the head of the line (EVENT_OFFER_HOURS, 48 by default). */
export function offerHours(env: NodeJS.ProcessEnv = process.env): number {
  return offerSchema.parse(env).EVENT_OFFER_HOURS;
}

/** The waiting sign-ups of an event (an equality query: no composite index). */
export const waitingQuery = (db: Firestore, eventId: string) =>
  db.collection(COLLECTION.eventSignups).where('event_id', '==', eventId).where('state', '==', 'waiting');

/** The waiting sign-ups of `eventId`, read in `transaction` (before its writes). */
export async function readWaiting(db: Firestore, transaction: Transaction, eventId: string): Promise<EventSignup[]> {
  return readAllSnapshots(eventSignupSchema, (await transaction.get(waitingQuery(db, eventId))).docs);
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
  const waiting = await readWaiting(db, transaction, eventId);
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
      storedSignup({ ...signup, state: 'offered', offered_until: offeredUntil }),
    );
    const mailId = enqueueMail(
      db,
      transaction,
      {
        kind: 'event-offer',
        to: addresses,
        content: eventOfferMail({ eventName: event.name, when, child, offeredUntil: italianDateTime(offeredUntil) }, mail),
        familyId: signup.family_id,
        // An offer that ran out while the mail budget held it is dropped, not sent.
        expiresAt: offeredUntil,
      },
      now,
    );
    return mailId ? [mailId] : [];
  });
}

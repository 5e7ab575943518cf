import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';
import { eventSignupSchema, offerExpired, type EventSignup } from '@domain/events/event-signup';
import { readAllSnapshots } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { readSignupState, storedSignup, TRANSACTION_ATTEMPTS } from './event-signup-state';
import { readNextInLine, writeOffers } from './event-waiting-list';
import type { MailContext } from '../platform/mail/layout';

/**
 * The end of offers nobody confirmed in time (docs/events.md, "The waiting
 * list"): event-offer-expiry, every 15 minutes.
 */

/** Most offers one run ends: the rest wait for the next run, a quarter of an hour later. */
const RUN_LIMIT = 100;

/** The offers whose deadline has passed at `now`: `state ==` and `offered_until <=` (composite index in firestore.indexes.json). */
export function expiredOffersQuery(db: Firestore, now: Date) {
  return db
    .collection(COLLECTION.eventSignups)
    .where('state', '==', 'offered')
    .where('offered_until', '<=', Timestamp.fromDate(now))
    .orderBy('offered_until')
    .limit(RUN_LIMIT);
}

/** What one offer's end did: 'passed' to the next family in line, 'freed' with nobody waiting (or the event over), 'skipped' when it was no longer an expired offer. */
export type ExpiryOutcome = 'passed' | 'freed' | 'skipped';

/**
 * Ends the expired offer of `eventId` to `childId` in one transaction: the
 * sign-up is re-read and left alone unless it is still an expired offer
 * (`offerExpired`: confirmed in time, cancelled, or ended by another run:
 * 'skipped', so two runs at once end it once); it becomes 'cancelled' with
 * `offer_expired_at`, and the place goes to the first family waiting
 * (`writeOffers`: 'Si è liberato un posto' in the outbox) unless the event
 * was called off or has started, when it is simply free again. The counter
 * moves in the same transaction. Returns the outcome and the e-mail's id.
 */
export async function expireOffer(
  db: Firestore,
  eventId: string,
  childId: string,
  mail: MailContext,
  now = new Date(),
): Promise<{ outcome: ExpiryOutcome; mailId: string | null }> {
  return runTransaction(
    db,
    async (transaction) => {
      const { event, signup, counter, signupRef, counterRef } = await readSignupState(
        db,
        transaction,
        { eventId, childId },
        { expect: 'any sign-up' },
      );
      if (!signup || !offerExpired(signup, now)) return { outcome: 'skipped' as const, mailId: null };
      const goesOn = event !== null && event.cancelled_at === null && new Date(event.starts_at).getTime() > now.getTime();
      const offers = goesOn ? await readNextInLine(db, transaction, eventId, 1) : [];
      const passes = offers.length > 0;
      // Reads end here: the writes follow.
      const ended: EventSignup = {
        ...signup,
        state: 'cancelled',
        offered_until: null,
        cancelled_at: now,
        offer_expired_at: signup.offered_until,
      };
      transaction.set(signupRef, storedSignup(ended));
      const mailId = event ? (writeOffers(db, transaction, { event, offers, mail, now })[0] ?? null) : null;
      // The place stays offered when it passes on; otherwise it is free.
      transaction.set(counterRef, { ...counter, offered: Math.max(0, counter.offered - (passes ? 0 : 1)) });
      return { outcome: passes ? ('passed' as const) : ('freed' as const), mailId };
    },
    { maxAttempts: TRANSACTION_ATTEMPTS },
  );
}

/**
 * One run of event-offer-expiry: ends every offer expired at `now` (up to
 * {@link RUN_LIMIT}), one transaction each ({@link expireOffer}), and
 * returns the count of each outcome and the e-mails to deliver.
 */
export async function expireOffers(
  db: Firestore,
  mail: MailContext,
  now = new Date(),
): Promise<{ outcomes: Record<ExpiryOutcome, number>; mailIds: string[] }> {
  const expired = readAllSnapshots(eventSignupSchema, (await expiredOffersQuery(db, now).get()).docs);
  const outcomes: Record<ExpiryOutcome, number> = { passed: 0, freed: 0, skipped: 0 };
  const mailIds: string[] = [];
  for (const offer of expired) {
    const { outcome, mailId } = await expireOffer(db, offer.event_id, offer.child_id, mail, now);
    outcomes[outcome] += 1;
    if (mailId) mailIds.push(mailId);
  }
  return { outcomes, mailIds };
}

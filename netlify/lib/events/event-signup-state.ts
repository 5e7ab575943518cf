import { Timestamp } from 'firebase-admin/firestore';
import { EVENT_SIGNUP_MESSAGES as M } from '@contracts/event-signup';
import type { GroupEvent } from '@domain/events/event';
import type { EventSignup } from '@domain/events/event-signup';
import { HttpError } from '../platform/http';

/**
 * The sign-up transaction (docs/events.md, "The sign-up transaction"):
 * every change of a sign-up runs in one transaction that reads and writes
 * the event's counter (`event_counters/{eventId}`), so sign-ups arriving at
 * the same moment are serialised on it: never more confirmed than `places`,
 * and each waiting sign-up takes its own sequence number. Here what every
 * such transaction shares: its attempts, its checks, the stored form.
 */

/** Attempts of a sign-up's transaction (Firestore's default is 5): a whole class signing up when the list opens contends on one counter. */
export const TRANSACTION_ATTEMPTS = 40;

/** Firestore's form of a sign-up (its dates as Timestamps). */
export const storedSignup = (signup: EventSignup) => ({
  ...signup,
  signed_up_at: Timestamp.fromDate(signup.signed_up_at),
  offered_until: signup.offered_until ? Timestamp.fromDate(signup.offered_until) : null,
  cancelled_at: signup.cancelled_at ? Timestamp.fromDate(signup.cancelled_at) : null,
  offer_expired_at: signup.offer_expired_at ? Timestamp.fromDate(signup.offer_expired_at) : null,
});

/** The event `eventId`, not called off. @throws HttpError 404 M.eventNotFound. */
export function liveEvent(event: GroupEvent | null): GroupEvent {
  if (!event || event.cancelled_at) throw new HttpError(404, M.eventNotFound);
  return event;
}

/** The session family's sign-up of `childId` for `eventId`, as read in a transaction. @throws HttpError 404 M.signupNotFound. */
export function ownSignup(signup: EventSignup | null, familyId: string): EventSignup {
  if (!signup || signup.family_id !== familyId) throw new HttpError(404, M.signupNotFound);
  return signup;
}

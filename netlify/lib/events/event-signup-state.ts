import { Timestamp, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { EVENT_SIGNUP_MESSAGES as M } from '@contracts/event-signup';
import { childDocument, type ChildDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { emptyCounter, eventCounterSchema, eventSchema, type EventCounter, type GroupEvent } from '@domain/events/event';
import { eventSignupSchema, signupId, type EventSignup } from '@domain/events/event-signup';
import { readSnapshot } from '../platform/snapshots';
import { HttpError } from '../platform/http';

/**
 * The sign-up transaction (docs/events.md, "The sign-up transaction"):
 * every change of a sign-up runs in one transaction that reads and writes
 * the event's counter (`event_counters/{eventId}`), so sign-ups arriving at
 * the same moment are serialised on it: never more confirmed than `places`,
 * and each waiting sign-up takes its own sequence number. Here what every
 * such transaction shares: its attempts, its opening read and checks
 * ({@link readSignupState}), the stored form.
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
function ownSignup(signup: EventSignup | null, familyId: string): EventSignup {
  if (!signup || signup.family_id !== familyId) throw new HttpError(404, M.signupNotFound);
  return signup;
}

/** The ids a sign-up transaction opens on: the event and the child. */
export interface SignupIds {
  eventId: string;
  childId: string;
}

/** What a sign-up transaction reads first, each document through its schema, with the two it writes back. */
export interface SignupStateRead {
  /** `event_signups/{eventId}_{childId}` (signupId). */
  signupRef: DocumentReference;
  /** `event_counters/{eventId}`. */
  counterRef: DocumentReference;
  event: GroupEvent | null;
  signup: EventSignup | null;
  /** The event's counter, emptyCounter when never written. */
  counter: EventCounter;
  /** The child, null when missing or not read (see {@link SignupStateCheck}). */
  child: ChildDocument | null;
}

/**
 * What {@link readSignupState} checks before answering: 'a child of the
 * family' ('Iscrivi': the child read too), 'a sign-up of the family'
 * (cancelling, 'Conferma': the child read when `readChild`), or 'any
 * sign-up' (an offer's expiry: nothing checked, the child not read).
 */
export type SignupStateCheck =
  | { expect: 'a child of the family'; familyId: string }
  | { expect: 'a sign-up of the family'; familyId: string; readChild: boolean }
  | { expect: 'any sign-up' };

/**
 * The opening read of a sign-up transaction (signUp, releaseSignup,
 * acceptOffer in event-signups.ts; expireOffer in event-offer-expiry.ts):
 * in `transaction`, before any write, one batched get of the event
 * `eventId`, the sign-up of `childId`, the event's counter and, when
 * `check` asks for it, the child; then `check`:
 * - 'a child of the family': the event live (liveEvent), then the child
 *   the family's and not archived; answers them non-null;
 * - 'a sign-up of the family': the sign-up the family's (ownSignup); answers it non-null.
 * @throws HttpError 404 M.eventNotFound, 403 M.otherChild, 404 M.signupNotFound (as above); InvalidDocumentError as readSnapshot.
 */
export function readSignupState(
  db: Firestore,
  transaction: Transaction,
  ids: SignupIds,
  check: { expect: 'a child of the family'; familyId: string },
): Promise<SignupStateRead & { event: GroupEvent; child: ChildDocument }>;
export function readSignupState(
  db: Firestore,
  transaction: Transaction,
  ids: SignupIds,
  check: { expect: 'a sign-up of the family'; familyId: string; readChild: boolean },
): Promise<SignupStateRead & { signup: EventSignup }>;
export function readSignupState(
  db: Firestore,
  transaction: Transaction,
  ids: SignupIds,
  check: { expect: 'any sign-up' },
): Promise<SignupStateRead>;
export async function readSignupState(
  db: Firestore,
  transaction: Transaction,
  { eventId, childId }: SignupIds,
  check: SignupStateCheck,
): Promise<SignupStateRead> {
  const signupRef = db.collection(COLLECTION.eventSignups).doc(signupId(eventId, childId));
  const counterRef = db.collection(COLLECTION.eventCounters).doc(eventId);
  const readChild = check.expect === 'a child of the family' || (check.expect === 'a sign-up of the family' && check.readChild);
  const childRefs = readChild ? [db.collection(COLLECTION.sons).doc(childId)] : [];
  const [eventSnapshot, signupSnapshot, counterSnapshot, childSnapshot] = await transaction.getAll(
    db.collection(COLLECTION.events).doc(eventId),
    signupRef,
    counterRef,
    ...childRefs,
  );
  const state: SignupStateRead = {
    signupRef,
    counterRef,
    event: readSnapshot(eventSchema, eventSnapshot!),
    signup: readSnapshot(eventSignupSchema, signupSnapshot!),
    counter: readSnapshot(eventCounterSchema, counterSnapshot!) ?? emptyCounter(eventId),
    child: childSnapshot ? readSnapshot(childDocument, childSnapshot) : null,
  };
  if (check.expect === 'a child of the family') {
    const event = liveEvent(state.event);
    const { child } = state;
    if (!child || child.family_id !== check.familyId || child.archived_at) throw new HttpError(403, M.otherChild);
    return { ...state, event, child };
  }
  if (check.expect === 'a sign-up of the family') return { ...state, signup: ownSignup(state.signup, check.familyId) };
  return state;
}

import type { Firestore } from 'firebase-admin/firestore';
import { eventSignupSchema, waitingRank, type EventSignup, type SignupState } from '@domain/events/event-signup';
import { readAllSnapshots } from '../platform/snapshots';
import { waitingQuery } from './event-waiting-list';

/** What event-signup answers: the sign-up's state, the place in line shown while waiting, and the offer's end. */
export interface SignupOutcome {
  eventId: string;
  childId: string;
  state: SignupState;
  position: number | null;
  offeredUntil: string | null;
}

/** The outcome of a stored sign-up; the place in line is filled in by {@link withRank}. */
export const outcomeOf = (signup: EventSignup): SignupOutcome => ({
  eventId: signup.event_id,
  childId: signup.child_id,
  state: signup.state,
  position: null,
  offeredUntil: signup.state === 'offered' && signup.offered_until ? signup.offered_until.toISOString() : null,
});

/** The sign-up's place in line as the family sees it (waitingRank), read after the transaction: the line may have moved since. */
export async function withRank(db: Firestore, outcome: SignupOutcome, signup: EventSignup): Promise<SignupOutcome> {
  if (signup.state !== 'waiting') return outcome;
  const waiting = readAllSnapshots(eventSignupSchema, (await waitingQuery(db, signup.event_id).get()).docs);
  return { ...outcome, position: waitingRank(signup, waiting) };
}

import { z } from 'zod';
import { timestamp } from '../collections';

/**
 * A child's sign-up for an event (docs/events.md, "The waiting list"):
 * `event_signups/{eventId}_{childId}`, one per child and event, so a
 * retried request meets the same document.
 * - `confirmed`: the child holds a place;
 * - `waiting`: in line, by `position` (a sequence number of the event's
 *   counter, taken in the sign-up's transaction: earlier is lower);
 * - `offered`: a freed place is held for the family until `offered_until`;
 * - `cancelled`: 'Annulla iscrizione' (the record stays), or an offer
 *   not confirmed in time (`offer_expired_at` set: event-offer-expiry).
 */
export const SIGNUP_STATES = ['confirmed', 'waiting', 'offered', 'cancelled'] as const;
export type SignupState = (typeof SIGNUP_STATES)[number];

export const eventSignupSchema = z.object({
  event_id: z.string(),
  family_id: z.string(),
  child_id: z.string(),
  /** The parent who signed the child up (the session's). */
  parent_id: z.string(),
  state: z.enum(SIGNUP_STATES),
  /** The waiting sequence number, kept once taken (it orders an offer too); null for a child confirmed straight away. */
  position: z.number().int().positive().nullable(),
  signed_up_at: timestamp,
  offered_until: timestamp.nullable().default(null),
  cancelled_at: timestamp.nullable().default(null),
  /** When an offer ended unconfirmed (its `offered_until`): the sign-up is then 'cancelled' by event-offer-expiry, not by the family. */
  offer_expired_at: timestamp.nullable().default(null),
});
export type EventSignup = z.infer<typeof eventSignupSchema>;

/** The id of a child's sign-up for an event: the same for every request about them (an event's id has no '_', src/contracts/event-signup.ts). */
export function signupId(eventId: string, childId: string): string {
  return `${eventId}_${childId}`;
}

/** What is needed of a sign-up to order the line. */
type InLine = Pick<EventSignup, 'state' | 'position'>;

/**
 * The place in line a waiting sign-up is shown ('In lista d'attesa,
 * posizione N'): 1 + the waiting sign-ups with a lower sequence number,
 * so the line closes up when someone ahead leaves. Null unless waiting.
 */
export function waitingRank(signup: InLine, others: readonly InLine[]): number | null {
  if (signup.state !== 'waiting' || signup.position === null) return null;
  const mine = signup.position;
  return 1 + others.filter((other) => other.state === 'waiting' && other.position !== null && other.position < mine).length;
}

/** The sentence of a sign-up's state, as 'La mia famiglia' shows it. */
export function signupStateText(state: SignupState, rank: number | null): string {
  switch (state) {
    case 'confirmed':
      return 'Iscritto';
    case 'waiting':
      return rank === null ? "In lista d'attesa" : `In lista d'attesa, posizione ${rank}`;
    case 'offered':
      return 'Posto disponibile: conferma entro la scadenza';
    case 'cancelled':
      return 'Iscrizione annullata';
  }
}

/** Who is offered a freed place: the waiting sign-up with the lowest sequence number, or null when nobody waits. */
export function nextInLine<T extends InLine>(signups: readonly T[]): T | null {
  let first: T | null = null;
  for (const signup of signups) {
    if (signup.state !== 'waiting' || signup.position === null) continue;
    if (first === null || signup.position < first.position!) first = signup;
  }
  return first;
}

/** The end of an offer made at `now`, `hours` later (EVENT_OFFER_HOURS). */
export function offerDeadline(now: Date, hours: number): Date {
  return new Date(now.getTime() + hours * 60 * 60_000);
}

/** Whether an offered place can no longer be taken at `now`: the deadline is past (an offer without one never expires). */
export function offerExpired(signup: Pick<EventSignup, 'state' | 'offered_until'>, now: Date): boolean {
  return signup.state === 'offered' && signup.offered_until !== null && signup.offered_until.getTime() <= now.getTime();
}

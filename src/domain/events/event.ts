import { z } from 'zod';
import { BRANCHES, type Branch } from '../branches';
import { timestamp } from '../collections';
import { isoDay } from '../documents/group-document';

/**
 * An outing or a camp ('Uscite e campi' in the admin; docs/events.md,
 * "The model"): stored at `events/{id}`. Children of its branches sign up
 * from 'La mia famiglia' until its closing day; `places` of them are
 * confirmed, the others wait in line (./event-signup.ts).
 */
export const eventSchema = z.object({
  id: z.string(),
  name: z.string().min(1),
  /** The branches whose children may sign up (at least one). */
  branches: z.array(z.enum(BRANCHES)).min(1),
  /** When it starts and ends: ISO date and time with its offset ('{year}-05-09T08:30:00+02:00'). */
  starts_at: z.string().datetime({ offset: true }),
  ends_at: z.string().datetime({ offset: true }),
  place: z.string(),
  /** Where the children are brought ('Ritrovo'); '' when it is the place itself. */
  meeting_point: z.string().default(''),
  /** How many children can go. */
  places: z.number().int().min(1),
  /** The last Italian day of sign-ups and cancellations ('Chiusura iscrizioni'), 'YYYY-MM-DD'. */
  closes_on: isoDay,
  /**
   * What it costs, as the ids of catalogue products (`CatalogueProduct.id`,
   * src/domain/catalogue/product.ts), priced by the catalogue's rules: [] when
   * free; an outing's 'Quota' is a season product created with it (its name
   * the event's); the summer camp names 'campo-acconto' and 'campo-saldo'.
   */
  products: z.array(z.string().min(1)).default([]),
  /** The keys of the group documents a child needs for it (`group_documents.key`, src/domain/documents/group-document.ts). */
  required_documents: z.array(z.string().min(1)).default([]),
  /** The camp year it belongs to (`SEASON.campYear`). */
  season: z.number().int().positive(),
  created_at: timestamp,
  /** Set when the group called it off: no sign-up, no cancellation from the family. */
  cancelled_at: timestamp.nullable().default(null),
});
export type GroupEvent = z.infer<typeof eventSchema>;

/**
 * `event_counters/{eventId}`: the one document every sign-up of an event
 * changes in its transaction (docs/events.md, "The sign-up transaction"):
 * the places held (`confirmed`, and `offered` to a waiting family) and the
 * next waiting sequence number. Server only.
 */
export const eventCounterSchema = z.object({
  event_id: z.string(),
  confirmed: z.number().int().nonnegative(),
  offered: z.number().int().nonnegative(),
  /** The position the next waiting sign-up takes: 1 for the first, never reused. */
  next_position: z.number().int().positive(),
});
export type EventCounter = z.infer<typeof eventCounterSchema>;

/** The counter of an event nobody has signed up for yet. */
export function emptyCounter(eventId: string): EventCounter {
  return { event_id: eventId, confirmed: 0, offered: 0, next_position: 1 };
}

/** Whether sign-ups are closed on the Italian day `today` ('YYYY-MM-DD', `italianDay`): the closing day itself is still open. */
export function signupsClosed(event: Pick<GroupEvent, 'closes_on'>, today: string): boolean {
  return event.closes_on < today;
}

/**
 * Whether a child of `branch` may sign up for `event` on the Italian day
 * `today`: one of its branches, not called off, and sign-ups not closed
 * ({@link signupsClosed}).
 */
export function isOpenTo(event: Pick<GroupEvent, 'branches' | 'closes_on' | 'cancelled_at'>, branch: Branch, today: string): boolean {
  return event.cancelled_at === null && event.branches.includes(branch) && !signupsClosed(event, today);
}

/** The places nobody holds: neither confirmed nor offered to a waiting family (never below 0, if the admin lowered `places`). */
export function placesLeft(event: Pick<GroupEvent, 'places'>, counter: Pick<EventCounter, 'confirmed' | 'offered'> | null): number {
  return Math.max(0, event.places - (counter ? counter.confirmed + counter.offered : 0));
}

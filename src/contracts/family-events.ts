import { z } from 'zod/mini';
import { BRANCHES } from '@domain/branches';
import { SIGNUP_STATES } from '@domain/events/event-signup';
import { defineContract } from './contract';
import { PARENT_MESSAGES } from './parent-messages';

const DOCUMENT_STATES = ['partial', 'missing', 'withdrawn'] as const;

/** One child of the family for one event: their sign-up, the price of each product for them, and what is still needed. */
const eventChild = z.object({
  childId: z.string(),
  childName: z.string(),
  /** The child's sign-up (not cancelled): its state, the place in line shown while 'waiting' (`waitingRank`), the offer's end (ISO) while 'offered'; null when not signed up. */
  signup: z.nullable(
    z.object({
      state: z.enum(SIGNUP_STATES),
      position: z.nullable(z.number()),
      offeredUntil: z.nullable(z.iso.datetime()),
    }),
  ),
  /** When a place offered to the child ran out unconfirmed (ISO, event-offer-expiry), while not signed up again; else null. */
  offerExpiredAt: z.nullable(z.iso.datetime()),
  /** Each of the event's products for this child: its catalogue id and name, its price for them by the catalogue's rules (euros), and whether they hold it. */
  products: z.array(z.object({ id: z.string(), name: z.string(), priceEuros: z.number(), paid: z.boolean() })),
  /** What is still needed: the required documents not signed (by this family's parents), the medical form when a product asks for one, the product ids not paid. */
  missing: z.object({
    documents: z.array(z.object({ id: z.string(), key: z.string(), title: z.string(), state: z.enum(DOCUMENT_STATES) })),
    medicalForm: z.boolean(),
    products: z.array(z.string()),
  }),
});

/**
 * family-events (docs/api.md, "family-events"; docs/events.md, "On 'La
 * mia famiglia'"), GET with the family's session: this season's events
 * open to a child of the family (not called off, one of its branches, not
 * ended), soonest first, with their dates (ISO with offset), place, meeting
 * point, places left (`placesLeft`), whether sign-ups are closed
 * (`signupsClosed`: the closing day is still open), and per child of its
 * branches {@link eventChild}. Nothing of other families.
 */
export const familyEventsContract = defineContract({
  name: 'family-events',
  method: 'GET',
  request: null,
  answer: z.object({
    season: z.number(),
    events: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        branches: z.array(z.enum(BRANCHES)),
        startsAt: z.string(),
        endsAt: z.string(),
        place: z.string(),
        meetingPoint: z.string(),
        places: z.number(),
        placesLeft: z.number(),
        /** The last day of sign-ups and cancellations, 'YYYY-MM-DD'. */
        closesOn: z.string(),
        closed: z.boolean(),
        children: z.array(eventChild),
      }),
    ),
  }),
  messages: { sessionExpired: PARENT_MESSAGES.sessionExpired },
});

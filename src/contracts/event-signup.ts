import { z } from 'zod/mini';
import { SIGNUP_STATES } from '@domain/events/event-signup';
import { defineContract } from './contract';
import { PARENT_MESSAGES } from './parent-messages';

/** The Italian messages of event-signup, for the function and the screen. */
export const EVENT_SIGNUP_MESSAGES = {
  malformed: 'Richiesta non valida: aggiorna la pagina e riprova.',
  sessionExpired: PARENT_MESSAGES.sessionExpired,
  /** 404: no such event, or one called off. */
  eventNotFound: 'Evento non trovato: aggiorna la pagina.',
  /** 403: a child of another family (or archived). */
  otherChild: 'Puoi iscrivere solo i tuoi figli.',
  /** 403: the event is not for the child's branch. */
  notForChild: 'Questo evento non è aperto alla branca di tuo figlio.',
  /** 409: sign-ups (and cancellations) closed after the closing day. */
  closed: 'Le iscrizioni a questo evento sono chiuse: per cambiamenti scrivi ai capi.',
  /** 404: 'Annulla iscrizione' or 'Conferma' for a child who is not signed up. */
  signupNotFound: 'Tuo figlio non è iscritto a questo evento: aggiorna la pagina.',
  /** 409: 'Conferma' without a place offered. */
  noOffer: 'Non c’è un posto da confermare per tuo figlio: aggiorna la pagina.',
  /** 410: the offer's 48 hours (EVENT_OFFER_HOURS) are over. */
  offerExpired: 'Il tempo per confermare il posto è scaduto: il posto passa alla famiglia successiva in lista d’attesa.',
} as const;

/** A document id of `pattern`, refused with the `malformed` message. */
const idField = (pattern: RegExp) =>
  z.string({ error: EVENT_SIGNUP_MESSAGES.malformed }).check(z.regex(pattern, { error: EVENT_SIGNUP_MESSAGES.malformed }));

/**
 * They name `event_signups/{eventId}_{childId}`: an event's id has no '_'
 * (Firestore's automatic ids have none), so no two pairs share a sign-up.
 */
const eventIdField = idField(/^[A-Za-z0-9-]{1,128}$/);
const childIdField = idField(/^[A-Za-z0-9_-]{1,128}$/);

/**
 * event-signup (docs/api.md, "event-signup"; docs/events.md), with the
 * family's session, for one child of the session's family and one event:
 * - 'signup' ('Iscrivi'): a place ('confirmed') or the next place in line
 *   ('waiting', `position` as shown: 'In lista d'attesa, posizione N'); the
 *   same request again answers the same, nothing doubled;
 * - 'cancel' ('Annulla iscrizione'), until the closing day: 'cancelled'; a
 *   place freed is offered to the first family waiting;
 * - 'accept' ('Conferma') of an offered place before `offeredUntil`: 'confirmed'.
 * `offeredUntil` is ISO, set only while 'offered'.
 */
export const eventSignupContract = defineContract({
  name: 'event-signup',
  method: 'POST',
  request: z.object({
    action: z.enum(['signup', 'cancel', 'accept'], { error: EVENT_SIGNUP_MESSAGES.malformed }),
    eventId: eventIdField,
    childId: childIdField,
  }),
  answer: z.object({
    eventId: z.string(),
    childId: z.string(),
    state: z.enum(SIGNUP_STATES),
    /** The place in line shown to the family (1 = next), while 'waiting'; else null. */
    position: z.nullable(z.number()),
    offeredUntil: z.nullable(z.iso.datetime()),
  }),
  messages: EVENT_SIGNUP_MESSAGES,
});

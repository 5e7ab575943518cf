import { z } from 'zod/mini';
import { BRANCHES } from '@domain/branches';
import { eventFieldsObject, eventFieldsSchema } from '@domain/events/event-admin';
import { SIGNUP_STATES } from '@domain/events/event-signup';
import { defineContract } from './contract';
import { childId, documentId } from './fields';

const count = z.int().check(z.gte(0));
const season = z.int().check(z.gte(2000), z.lte(2100));

/** A child's sign-up as the leaders see it, in the event's order: `rank` is the place in line shown to the family (waitingRank), `position` the sequence number a move names. */
export const adminSignupSchema = z.object({
  childId: z.string(),
  familyId: z.string(),
  name: z.string(),
  surname: z.string(),
  branch: z.enum(BRANCHES),
  state: z.enum(SIGNUP_STATES),
  rank: z.nullable(z.int()),
  position: z.nullable(z.int()),
  signedUpAt: z.iso.datetime(),
  offeredUntil: z.nullable(z.iso.datetime()),
});
export type AdminSignup = z.output<typeof adminSignupSchema>;

/**
 * An event as 'Uscite e campi' shows it: its form's fields, its instants
 * (ISO), when called off, the `revision` an edit names (so two volunteers at
 * once never overwrite each other), whether the caller may change it (a capo:
 * all its branches theirs), the places held and the sign-ups in order:
 * confirmed, then offered, then waiting by sequence number (cancelled ones left out).
 */
export const adminEventSchema = z.object({
  id: z.string(),
  season: z.int(),
  fields: eventFieldsObject,
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  cancelledAt: z.nullable(z.iso.datetime()),
  revision: z.string(),
  editable: z.boolean(),
  counts: z.object({ confirmed: count, offered: count, waiting: count, placesLeft: count }),
  signups: z.array(adminSignupSchema),
});
export type AdminEvent = z.output<typeof adminEventSchema>;

/** 'list': the season's events the caller sees (any of their branches), soonest first, and the season's live group documents an event may require. */
export const eventListSchema = z.object({
  season: z.int(),
  events: z.array(adminEventSchema),
  documents: z.array(z.object({ key: z.string(), title: z.string(), branches: z.array(z.enum(BRANCHES)) })),
});
export type EventList = z.output<typeof eventListSchema>;

/** Every write: the event as it now stands, what the write did, and how many waiting families were offered a place by it. */
export const eventWriteSchema = z.object({
  event: adminEventSchema,
  outcome: z.enum(['created', 'edited', 'cancelled', 'moved', 'admitted', 'unchanged']),
  offered: count,
});
export type EventWrite = z.output<typeof eventWriteSchema>;

const revision = z.string().check(z.maxLength(128));

/**
 * admin-events, POST, permission `events` (docs/api.md, "admin-events";
 * docs/events.md, "The admin's side"): the season's events listed, created
 * ('Nuovo evento', with its 'Quota' product), edited (places raised are
 * offered to the families waiting), called off; the waiting list moved by
 * hand ('move' one place up or down from the `position` the screen showed)
 * and a waiting child given a place out of order ('admit').
 */
export const adminEventsContract = defineContract({
  name: 'admin-events',
  method: 'POST',
  request: z.discriminatedUnion('action', [
    z.object({ action: z.literal('list'), season }),
    z.object({ action: z.literal('create'), season, fields: eventFieldsSchema }),
    z.object({ action: z.literal('edit'), id: documentId, revision, fields: eventFieldsSchema }),
    z.object({ action: z.literal('cancel'), id: documentId, revision }),
    z.object({ action: z.literal('move'), id: documentId, childId, position: z.int(), direction: z.enum(['up', 'down']) }),
    z.object({ action: z.literal('admit'), id: documentId, childId }),
  ]),
  answer: z.union([eventListSchema, eventWriteSchema]),
  messages: {
    malformed: 'Richiesta non valida: serve "action" (list, create, edit, cancel, move o admit) con i suoi dati.',
    season: 'Stagione non valida: scegli la stagione in corso, una delle precedenti o la prossima.',
    notFound: 'Evento non trovato: ricarica la pagina.',
    notVisible: 'Questo evento non riguarda le tue branche.',
    otherBranch: 'Puoi creare o modificare solo eventi che riguardano soltanto le tue branche.',
    stale: "L'evento è stato modificato da un altro volontario nel frattempo: ricarica la pagina e rifai la modifica.",
    cancelled: 'Questo evento è stato annullato: non si può più modificare.',
    duplicate: (name: string) => `Esiste già un evento «${name}» in questa stagione: modifica quello invece di crearne un altro.`,
    placesBelowHeld: (held: number) =>
      `${held} ${held === 1 ? 'posto è già occupato o offerto' : 'posti sono già occupati o offerti'}: i posti non possono scendere sotto ${held}.`,
    unknownDocument: (key: string) => `Il documento «${key}» non è tra i documenti in vigore della stagione: ricarica la pagina.`,
    productTaken: (name: string) => `Nel catalogo della stagione c'è già un prodotto «${name}»: scegli un altro nome per l'evento.`,
    productLimit: 'Il catalogo della stagione ha già 20 prodotti: togline uno in Impostazioni prima di aggiungere una quota.',
    quotaPaid: (name: string) =>
      `Qualche famiglia ha già pagato la quota di «${name}»: il nome dell'evento e la quota non possono più essere tolti o rinominati.`,
    lineChanged: "La lista d'attesa è cambiata nel frattempo: ricarica la pagina.",
    edgeOfLine: (direction: 'up' | 'down') =>
      direction === 'up' ? "È già il primo della lista d'attesa." : "È già l'ultimo della lista d'attesa.",
    notWaiting: "Questo ragazzo non è in lista d'attesa: ricarica la pagina.",
  },
});

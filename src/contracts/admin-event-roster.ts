import { z } from 'zod/mini';
import { BRANCHES } from '@domain/branches';
import { defineContract } from './contract';
import { documentId } from './fields';

const count = z.int().check(z.gte(0));
const paperState = z.enum(['signed', 'partial', 'missing', 'withdrawn']);

/** One child of the list (src/domain/events/event-roster.ts, `EventRosterRow`). */
export const eventRosterRowSchema = z.object({
  childId: z.string(),
  familyId: z.string(),
  name: z.string(),
  surname: z.string(),
  branch: z.enum(BRANCHES),
  age: z.nullable(count),
  state: z.enum(['confirmed', 'offered', 'waiting']),
  rank: z.nullable(count),
  parents: z.array(z.object({ name: z.string(), phone: z.nullable(z.string()) })),
  payments: z.array(z.object({ productId: z.string(), state: z.enum(['paid', 'toVerify', 'unpaid']) })),
  medicalForm: z.boolean(),
  documents: z.array(z.object({ key: z.string(), state: paperState })),
});
export type EventRosterRowAnswer = z.output<typeof eventRosterRowSchema>;

/**
 * 'json': the event, the names of its products and required documents (the
 * columns), the required documents with no live version, whether a product
 * asks for the medical form, the rows, and when it was read.
 */
export const eventRosterSchema = z.object({
  event: z.object({
    id: z.string(),
    name: z.string(),
    branches: z.array(z.enum(BRANCHES)),
    startsAt: z.string(),
    endsAt: z.string(),
    place: z.string(),
    meetingPoint: z.string(),
    places: count,
  }),
  products: z.array(z.object({ id: z.string(), name: z.string() })),
  documents: z.array(z.object({ key: z.string(), title: z.string() })),
  unavailableDocuments: z.array(z.string()),
  asksMedicalForm: z.boolean(),
  rows: z.array(eventRosterRowSchema),
  generatedAt: z.iso.datetime(),
});
export type EventRoster = z.output<typeof eventRosterSchema>;

/** 'remind': the families written to, those reminded of everything missing in the last 7 days, those with no e-mail on file (to phone). */
export const eventReminderSchema = z.object({ sent: count, recentlyReminded: count, withoutEmail: count });
export type EventReminder = z.output<typeof eventReminderSchema>;

/** The formats of the list: the screen's JSON, and the files to download ('Scarica elenco'). */
export const ROSTER_FORMATS = ['json', 'csv', 'pdf'] as const;
export type RosterFormat = (typeof ROSTER_FORMATS)[number];

/**
 * admin-event-roster, POST, permission `events` (docs/api.md,
 * "admin-event-roster"; docs/events.md, "The leaders' list"): an event's
 * list of children as JSON, or as a CSV or PDF attachment (each download
 * audited: it carries minors' data); `action: 'remind'` ('Invia
 * promemoria') e-mails the families of the children holding a place what
 * papers they still owe. A capo only for events all of whose branches are theirs.
 */
export const adminEventRosterContract = defineContract({
  name: 'admin-event-roster',
  method: 'POST',
  request: z.union([
    z.object({ eventId: documentId, action: z.literal('remind') }),
    z.object({ eventId: documentId, format: z.enum(ROSTER_FORMATS) }),
  ]),
  answer: z.union([eventRosterSchema, eventReminderSchema]),
  messages: {
    malformed: 'Richiesta non valida: servono "eventId" e "format" (json, csv o pdf), oppure "action": "remind".',
    notFound: 'Evento non trovato: ricarica la pagina.',
    otherBranch: 'Puoi vedere l’elenco solo degli eventi che riguardano soltanto le tue branche.',
    partial: (sent: number, failed: number) =>
      `Promemoria inviati a ${sent} ${sent === 1 ? 'famiglia' : 'famiglie'}, ma non a ${failed}: riprova tra qualche istante (chi l'ha già ricevuto non lo riceverà di nuovo).`,
  },
});

/** The file name of a download, ASCII only: elenco-{event id}.{csv|pdf}. */
export const rosterFileName = (eventId: string, format: 'csv' | 'pdf') => `elenco-${eventId.replace(/[^\w-]/g, '_')}.${format}`;

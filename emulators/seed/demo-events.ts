import { Timestamp, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';
import { CAMP_PRODUCTS, italianLocalToIso } from '@domain/events/event-admin';
import { eventCounterSchema, eventSchema } from '@domain/events/event';
import { eventSignupSchema, signupId } from '@domain/events/event-signup';
import { italianDay } from '@domain/italian-time';
import type { Branch } from '@domain/branches';
import { DEMO_FAMILIES } from './demo-data';

/**
 * The demo group's outings and camps (docs/events.md; 'Uscite e campi'):
 * an outing per branch and the summer camp of the demo season (linked to
 * the camp's Acconto and Saldo, asking the camp's authorisation), with a
 * few sign-ups and, on the Reparto's outing, a waiting list of two. The
 * outings are free: a 'Quota' is a season product, and the demo keeps the
 * season's settings at the spec's defaults. Their dates are weeks after the
 * day the demo is seeded, so sign-ups are open whenever it is tried.
 */

const SEASON = 2025;
const DAY = 24 * 60 * 60_000;

interface DemoEvent {
  id: string;
  name: string;
  branches: Branch[];
  /** Days after the seeding day it starts, its first day's start time, how many days it lasts and its end time. */
  inDays: number;
  startTime: string;
  days: number;
  endTime: string;
  place: string;
  meetingPoint: string;
  places: number;
  /** Days before the start that sign-ups close. */
  closesBefore: number;
  products: string[];
  requiredDocuments: string[];
  /** Children confirmed, then children waiting (positions 1, 2…). */
  confirmed: string[];
  waiting: string[];
}

export const DEMO_EVENTS: readonly DemoEvent[] = [
  {
    id: `caccia-di-primavera-${SEASON}`,
    name: 'Caccia di primavera',
    branches: ['Branco'],
    inDays: 21,
    startTime: '09:00',
    days: 1,
    endTime: '17:30',
    place: 'Parco di Macchia Grande, Manziana',
    meetingPoint: 'Sede del gruppo',
    places: 20,
    closesBefore: 5,
    products: [],
    requiredDocuments: [`autorizzazione-uscite-${SEASON}`],
    confirmed: ['son-rossi-luca', 'son-neri-pietro'],
    waiting: [],
  },
  {
    id: `uscita-di-reparto-al-lago-${SEASON}`,
    name: 'Uscita di Reparto al lago',
    branches: ['Reparto'],
    inDays: 28,
    startTime: '08:30',
    days: 2,
    endTime: '17:00',
    place: 'Campo base di Trevignano Romano',
    meetingPoint: 'Piazza della stazione di Manziana',
    places: 3,
    closesBefore: 7,
    products: [],
    requiredDocuments: [`autorizzazione-uscite-${SEASON}`, `delega-ritiro-${SEASON}`],
    confirmed: ['son-rossi-marco', 'son-bianchi-sara', 'son-verdi-matteo'],
    waiting: ['son-esposito-gennaro', 'son-verdi-sofia'],
  },
  {
    id: `route-di-clan-${SEASON}`,
    name: 'Route di Clan sui Monti Sabatini',
    branches: ['Clan'],
    inDays: 35,
    startTime: '07:30',
    days: 3,
    endTime: '19:00',
    place: 'Monti Sabatini',
    meetingPoint: 'Sede del gruppo',
    places: 10,
    closesBefore: 10,
    products: [],
    requiredDocuments: [`autorizzazione-uscite-${SEASON}`],
    confirmed: ['son-verdi-andrea'],
    waiting: [],
  },
  {
    id: `campo-estivo-${SEASON}`,
    name: `Campo estivo ${SEASON}`,
    branches: ['Branco', 'Reparto', 'Clan'],
    inDays: 60,
    startTime: '09:00',
    days: 10,
    endTime: '18:00',
    place: 'Base scout di Bracciano',
    meetingPoint: 'Sede del gruppo',
    places: 40,
    closesBefore: 21,
    products: [...CAMP_PRODUCTS],
    requiredDocuments: [`autorizzazione-campo-estivo-${SEASON}`],
    confirmed: ['son-bianchi-sara', 'son-esposito-gennaro', 'son-neri-pietro', 'son-neri-elisa'],
    waiting: [],
  },
];

/** The family of a demo child. */
function familyOf(childId: string) {
  const family = DEMO_FAMILIES.find((candidate) => candidate.children.some((child) => child.id === childId));
  if (!family) throw new Error(`Demo sign-up of an unknown child ${childId}`);
  return family;
}

/** Adds the demo events, their sign-ups and counters to `batch` (dates from `now`), each checked with its schema. */
export function putDemoEvents(db: Firestore, batch: WriteBatch, now = new Date()): void {
  const createdAt = Timestamp.fromDate(new Date(now.getTime() - 10 * DAY));
  for (const demo of DEMO_EVENTS) {
    const first = italianDay(new Date(now.getTime() + demo.inDays * DAY));
    const last = italianDay(new Date(now.getTime() + (demo.inDays + demo.days - 1) * DAY));
    const event = {
      id: demo.id,
      name: demo.name,
      branches: demo.branches,
      starts_at: italianLocalToIso(`${first}T${demo.startTime}`),
      ends_at: italianLocalToIso(`${last}T${demo.endTime}`),
      place: demo.place,
      meeting_point: demo.meetingPoint,
      places: demo.places,
      closes_on: italianDay(new Date(now.getTime() + (demo.inDays - demo.closesBefore) * DAY)),
      products: demo.products,
      required_documents: demo.requiredDocuments,
      season: SEASON,
      created_at: createdAt,
      cancelled_at: null,
    };
    eventSchema.parse(event);
    batch.set(db.collection(COLLECTION.events).doc(demo.id), event);
    const signups = [
      ...demo.confirmed.map((childId) => ({ childId, position: null })),
      ...demo.waiting.map((childId, index) => ({ childId, position: index + 1 })),
    ];
    signups.forEach(({ childId, position }, index) => {
      const family = familyOf(childId);
      const signup = {
        event_id: demo.id,
        family_id: family.id,
        child_id: childId,
        parent_id: family.parents[0]!.id,
        state: position === null ? 'confirmed' : 'waiting',
        position,
        signed_up_at: Timestamp.fromDate(new Date(now.getTime() - (5 * DAY - index * 3_600_000))),
        offered_until: null,
        cancelled_at: null,
      };
      eventSignupSchema.parse(signup);
      batch.set(db.collection(COLLECTION.eventSignups).doc(signupId(demo.id, childId)), signup);
    });
    const counter = { event_id: demo.id, confirmed: demo.confirmed.length, offered: 0, next_position: demo.waiting.length + 1 };
    eventCounterSchema.parse(counter);
    batch.set(db.collection(COLLECTION.eventCounters).doc(demo.id), counter);
  }
}

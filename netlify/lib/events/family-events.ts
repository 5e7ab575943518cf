import type { Firestore } from 'firebase-admin/firestore';
import { SEASON } from '@config/season';
import { COLLECTION } from '@domain/collections';
import { eventCounterSchema, eventSchema, type EventCounter } from '@domain/events/event';
import { eventSignupSchema, type EventSignup } from '@domain/events/event-signup';
import { familyEventViews, type FamilyEventView } from '@domain/events/family-events';
import { italianDay } from '@domain/italian-time';
import { seasonMedicalForms } from '@domain/medical-forms/medical-form';
import { medicalFormCutoffInstant } from '@domain/medical-forms/medical-form-settings';
import { readAllSnapshots } from '../platform/snapshots';
import { fullName, readSigningContext } from '../documents/family-documents';
import { catalogueOf, readSeasonSettings } from '../season/season-settings';

/**
 * What family-events reads for 'La mia famiglia' (docs/events.md, "On 'La
 * mia famiglia'"): every query is an equality on one or two fields, no
 * composite index.
 */

/** The events of `season`, every state (familyEventViews leaves out those called off or ended). */
export async function readSeasonEvents(db: Firestore, season: number) {
  const snapshot = await db.collection(COLLECTION.events).where('season', '==', season).get();
  return readAllSnapshots(eventSchema, snapshot.docs);
}

/** The sign-ups of `familyId`, every event and state. */
export async function readFamilySignups(db: Firestore, familyId: string): Promise<EventSignup[]> {
  const snapshot = await db.collection(COLLECTION.eventSignups).where('family_id', '==', familyId).get();
  return readAllSnapshots(eventSignupSchema, snapshot.docs);
}

/** The waiting sign-ups of `eventId` (the line a family's place in it is counted on). */
export async function readWaiting(db: Firestore, eventId: string): Promise<EventSignup[]> {
  const snapshot = await db.collection(COLLECTION.eventSignups).where('event_id', '==', eventId).where('state', '==', 'waiting').get();
  return readAllSnapshots(eventSignupSchema, snapshot.docs);
}

/**
 * The season's events as the family `familyId` sees them (familyEventViews),
 * or null when the family is gone. Reads: the family's signing context
 * (children, parents, held products, the season's documents, signatures),
 * the season's settings, events and the family's sign-ups, one batched get
 * of the counters, and the line of each event where one of its children waits.
 */
export async function readFamilyEvents(db: Firestore, familyId: string, now = new Date()): Promise<FamilyEventView[] | null> {
  const [context, settings, events, signups] = await Promise.all([
    readSigningContext(db, familyId),
    readSeasonSettings(db, SEASON.campYear),
    readSeasonEvents(db, SEASON.campYear),
    readFamilySignups(db, familyId),
  ]);
  if (!context) return null;
  const live = events.filter((event) => event.cancelled_at === null);
  const counterSnapshots = live.length
    ? await db.getAll(...live.map((event) => db.collection(COLLECTION.eventCounters).doc(event.id)))
    : [];
  const counters = new Map<string, EventCounter>(
    readAllSnapshots(eventCounterSchema, counterSnapshots).map((counter) => [counter.event_id, counter]),
  );
  const waitingEvents = [...new Set(signups.filter((signup) => signup.state === 'waiting').map((signup) => signup.event_id))];
  const waiting = new Map(await Promise.all(waitingEvents.map(async (eventId) => [eventId, await readWaiting(db, eventId)] as const)));
  const cutoff = medicalFormCutoffInstant(settings.medicalForm);
  return familyEventViews({
    events: live,
    counters,
    children: context.children.map((child) => ({
      id: child.id,
      name: fullName(child),
      branch: child.branch,
      heldProducts: context.heldProducts.get(child.id) ?? [],
      medicalFormOnFile: seasonMedicalForms(child, SEASON.campYear, cutoff).length > 0,
    })),
    signups,
    waiting,
    catalogue: catalogueOf(settings),
    documents: context.documents,
    signatures: context.signatures,
    parentsOnRecord: context.parents.length,
    now,
    today: italianDay(now),
  });
}

import type { Firestore } from 'firebase-admin/firestore';
import type { AdminEvent, AdminSignup, EventList } from '@contracts/admin-events';
import type { SeasonProduct } from '@domain/catalogue/season-catalogue';
import { childDocument, type ChildDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { costOf, eventRevision, fieldsOfEvent, ownsEvent } from '@domain/events/event-admin';
import { eventCounterSchema, eventSchema, placesLeft, type EventCounter, type GroupEvent } from '@domain/events/event';
import { eventSignupSchema, waitingRank, type EventSignup } from '@domain/events/event-signup';
import { visibleBranches, type Staff } from '@domain/staff/staff-roles';
import { readSeasonDocuments } from '../documents/document-status';
import { getAllById, readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { readSeasonSettings } from '../season/season-settings';

/**
 * What 'Uscite e campi' reads (docs/events.md, "The admin's side"): the
 * season's events a volunteer sees, each with its counter and its sign-ups
 * in order, as the contract's AdminEvent.
 */

/** Whether `staff` sees `event`: one of its branches is theirs (an admin sees every one). */
export function seesEvent(staff: Staff, event: Pick<GroupEvent, 'branches'>): boolean {
  const branches = visibleBranches(staff);
  return event.branches.some((branch) => branches.includes(branch));
}

/** Whether `staff` may change `event`: an admin any, a capo those all of whose branches are theirs (ownsEvent). */
export function mayChangeEvent(staff: Staff, event: Pick<GroupEvent, 'branches'>): boolean {
  return staff.role === 'capo' ? ownsEvent(staff.branches, event.branches) : staff.role === 'admin';
}

/** The order the leaders see: confirmed (by sign-up time), offered, then waiting, both by sequence number; cancelled ones left out. */
function inOrder(signups: readonly EventSignup[]): EventSignup[] {
  const weight = { confirmed: 0, offered: 1, waiting: 2, cancelled: 3 } as const;
  return signups
    .filter((signup) => signup.state !== 'cancelled')
    .sort(
      (a, b) =>
        weight[a.state] - weight[b.state] ||
        (a.position ?? 0) - (b.position ?? 0) ||
        a.signed_up_at.getTime() - b.signed_up_at.getTime() ||
        a.child_id.localeCompare(b.child_id),
    );
}

/** What {@link adminEventOf} needs besides the event. */
export interface EventState {
  counter: EventCounter | null;
  signups: readonly EventSignup[];
  children: ReadonlyMap<string, ChildDocument>;
  seasonProducts: readonly SeasonProduct[];
}

/** `event` as the contract's AdminEvent for `staff`. */
export async function adminEventOf(staff: Staff, event: GroupEvent, state: EventState): Promise<AdminEvent> {
  const fields = fieldsOfEvent(event, costOf(event, state.seasonProducts));
  const ordered = inOrder(state.signups);
  const rows: AdminSignup[] = ordered.map((signup) => {
    const child = state.children.get(signup.child_id);
    return {
      childId: signup.child_id,
      familyId: signup.family_id,
      name: child?.name ?? '',
      surname: child?.surname ?? signup.child_id,
      branch: child?.branch ?? event.branches[0]!,
      state: signup.state,
      rank: waitingRank(signup, ordered),
      position: signup.position,
      signedUpAt: signup.signed_up_at.toISOString(),
      offeredUntil: signup.state === 'offered' ? (signup.offered_until?.toISOString() ?? null) : null,
    };
  });
  return {
    id: event.id,
    season: event.season,
    fields,
    startsAt: event.starts_at,
    endsAt: event.ends_at,
    cancelledAt: event.cancelled_at?.toISOString() ?? null,
    revision: await eventRevision(fields, event.cancelled_at !== null),
    editable: mayChangeEvent(staff, event) && event.cancelled_at === null,
    counts: {
      confirmed: state.counter?.confirmed ?? 0,
      offered: state.counter?.offered ?? 0,
      waiting: ordered.filter((signup) => signup.state === 'waiting').length,
      placesLeft: placesLeft(event, state.counter),
    },
    signups: rows,
  };
}

/** The sign-ups of `eventId` (an equality query: no composite index). */
async function readSignups(db: Firestore, eventId: string): Promise<EventSignup[]> {
  return readAllSnapshots(eventSignupSchema, (await db.collection(COLLECTION.eventSignups).where('event_id', '==', eventId).get()).docs);
}

/** The children of `signups`, by id. */
async function readChildren(db: Firestore, signups: readonly EventSignup[]): Promise<Map<string, ChildDocument>> {
  const ids = [...new Set(signups.map((signup) => signup.child_id))];
  const children = await getAllById(db, COLLECTION.sons, ids, childDocument);
  return new Map(children.map((child) => [child.id, child]));
}

/** One event as the caller sees it, read now (after a write). */
export async function readAdminEvent(db: Firestore, staff: Staff, event: GroupEvent): Promise<AdminEvent> {
  const [counterSnapshot, signups, settings] = await Promise.all([
    db.collection(COLLECTION.eventCounters).doc(event.id).get(),
    readSignups(db, event.id),
    readSeasonSettings(db, event.season),
  ]);
  return adminEventOf(staff, event, {
    counter: readSnapshot(eventCounterSchema, counterSnapshot),
    signups,
    children: await readChildren(db, signups),
    seasonProducts: settings.products,
  });
}

/** 'list': the season's events `staff` sees (seesEvent), soonest first, and the season's live documents of their branches. */
export async function listEvents(db: Firestore, staff: Staff, season: number): Promise<EventList> {
  const [snapshots, documents, settings] = await Promise.all([
    db.collection(COLLECTION.events).where('season', '==', season).get(),
    readSeasonDocuments(db, season),
    readSeasonSettings(db, season),
  ]);
  const events = readAllSnapshots(eventSchema, snapshots.docs)
    .filter((event) => seesEvent(staff, event))
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at) || a.id.localeCompare(b.id));
  const counters =
    events.length > 0 ? await db.getAll(...events.map((event) => db.collection(COLLECTION.eventCounters).doc(event.id))) : [];
  const signups = await Promise.all(events.map((event) => readSignups(db, event.id)));
  const children = await readChildren(db, signups.flat());
  const branches = visibleBranches(staff);
  return {
    season,
    events: await Promise.all(
      events.map((event, index) =>
        adminEventOf(staff, event, {
          counter: readSnapshot(eventCounterSchema, counters[index]!),
          signups: signups[index]!,
          children,
          seasonProducts: settings.products,
        }),
      ),
    ),
    documents: documents
      .filter((document) => document.branches.some((branch) => branches.includes(branch)))
      .map((document) => ({ key: document.key, title: document.title, branches: [...document.branches] })),
  };
}

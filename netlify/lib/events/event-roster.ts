import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { adminEventRosterContract, type EventRoster } from '@contracts/admin-event-roster';
import { SEASON } from '@config/season';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { orderItemDocument } from '@domain/orders/order-item-schema';
import { parentDocument } from '@domain/roster/parent-schema';
import { paymentDocument } from '@domain/payments/payment-schema';
import { seasonStart } from '@domain/enrolment/enrolment-status';
import { eventSchema, type GroupEvent } from '@domain/events/event';
import { eventSignupSchema } from '@domain/events/event-signup';
import { eventRosterRows } from '@domain/events/event-roster';
import { ownsAllBranches } from '@domain/documents/document-roster';
import type { Staff } from '@domain/staff/staff-roles';
import { readGroupDocument, readSignatures } from '../documents/document-status';
import { getAllById, readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { HttpError } from '../platform/http';
import { catalogueOf, readSeasonSettings } from '../season/season-settings';

/**
 * The reads of an event's list (docs/events.md, "The leaders' list"): the
 * event, its sign-ups, the children and their parents, their order items
 * and payments, the season's catalogue, the required documents' live
 * versions and their signatures. Every query is an equality or an `in` on
 * one field: no composite index. For 120 children about 500 reads
 * (docs/benchmarks.md, "Event roster").
 */

const MESSAGES = adminEventRosterContract.messages;

/** Firestore's largest `in` list. */
const IN_LIMIT = 30;

/** `values` in lists of at most {@link IN_LIMIT}. */
const chunks = <T>(values: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(values.length / IN_LIMIT) }, (_, index) => values.slice(index * IN_LIMIT, (index + 1) * IN_LIMIT));

/** The documents of `collection` whose `field` is one of `values`, by `in` queries of 30 in parallel. */
async function whereIn(db: Firestore, collection: string, field: string, values: readonly string[]): Promise<DocumentSnapshot[]> {
  const unique = [...new Set(values)];
  const results = await Promise.all(chunks(unique).map((part) => db.collection(collection).where(field, 'in', part).get()));
  return results.flatMap((result) => result.docs);
}

/**
 * The event the caller may list: any for an admin, for a capo only one all
 * of whose branches are theirs (ownsAllBranches, as 'Uscite e campi').
 * @throws HttpError 404 MESSAGES.notFound, 403 MESSAGES.otherBranch.
 */
export async function visibleEvent(db: Firestore, staff: Staff, eventId: string): Promise<GroupEvent> {
  const event = readSnapshot(eventSchema, await db.collection(COLLECTION.events).doc(eventId).get());
  if (!event) throw new HttpError(404, MESSAGES.notFound);
  if (staff.role === 'capo' && !ownsAllBranches(staff.branches, event.branches)) throw new HttpError(403, MESSAGES.otherBranch);
  return event;
}

/** The list of `event` as the contract's 'json' answer (eventRosterRows), read now. */
export async function readEventRoster(db: Firestore, event: GroupEvent, now = new Date()): Promise<EventRoster> {
  const [signupSnapshots, settings, documentSnapshots] = await Promise.all([
    db.collection(COLLECTION.eventSignups).where('event_id', '==', event.id).get(),
    readSeasonSettings(db, event.season),
    event.required_documents.length > 0
      ? db.collection(COLLECTION.groupDocuments).where('season', '==', event.season).get()
      : Promise.resolve(null),
  ]);
  const signups = readAllSnapshots(eventSignupSchema, signupSnapshots.docs).filter((signup) => signup.state !== 'cancelled');
  const childIds = signups.map((signup) => signup.child_id);
  const live = (documentSnapshots?.docs ?? []).flatMap((snapshot) => {
    const document = readGroupDocument(snapshot);
    return document && document.retired_at === null && event.required_documents.includes(document.key) ? [document] : [];
  });
  const documents = event.required_documents.flatMap((key) => live.filter((document) => document.key === key).slice(0, 1));
  const [children, itemSnapshots, signatureSnapshots] = await Promise.all([
    getAllById(db, COLLECTION.sons, childIds, childDocument),
    whereIn(db, COLLECTION.orderItems, 'son_info.id', childIds),
    whereIn(
      db,
      COLLECTION.documentSignatures,
      'document_id',
      documents.map((document) => document.id),
    ),
  ]);
  const items = readAllSnapshots(orderItemDocument, itemSnapshots).filter((item) => item.season === event.season);
  const [parentSnapshots, payments] = await Promise.all([
    whereIn(
      db,
      COLLECTION.parents,
      'family_id',
      children.map((child) => child.family_id),
    ),
    getAllById(
      db,
      COLLECTION.payments,
      items.map((item) => item.payment_id),
      paymentDocument,
    ),
  ]);
  const statusOf = new Map(payments.map((payment) => [payment.id, payment.status]));
  const catalogue = catalogueOf(settings);
  const products = event.products.map((id) => catalogue.find((product) => product.id === id));
  const rows = eventRosterRows({
    event,
    signups,
    children,
    parents: readAllSnapshots(parentDocument, parentSnapshots),
    orderItems: items.map((item) => ({ childId: item.son_info.id, plan: item.plan, status: statusOf.get(item.payment_id) })),
    planOf: new Map(products.flatMap((product) => (product ? [[product.id, product.plan] as const] : []))),
    documents,
    signatures: readSignatures(signatureSnapshots),
    seasonStartsAt: seasonStart(event.season, SEASON),
  });
  return {
    event: {
      id: event.id,
      name: event.name,
      branches: [...event.branches],
      startsAt: event.starts_at,
      endsAt: event.ends_at,
      place: event.place,
      meetingPoint: event.meeting_point,
      places: event.places,
    },
    products: event.products.map((id, index) => ({ id, name: products[index]?.names.short ?? id })),
    documents: documents.map((document) => ({ key: document.key, title: document.title })),
    unavailableDocuments: event.required_documents.filter((key) => !documents.some((document) => document.key === key)),
    asksMedicalForm: products.some((product) => product?.asksMedicalForm === true),
    rows,
    generatedAt: now.toISOString(),
  };
}

import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { adminEventsContract, type EventWrite } from '@contracts/admin-events';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import type { EventFields } from '@domain/events/event-admin';
import { eventSchema, type GroupEvent } from '@domain/events/event';
import type { Staff } from '@domain/staff/staff-roles';
import type { AuditActor } from '../platform/audit-log';
import { readSeasonDocuments } from '../documents/document-status';
import { fullName } from '../documents/family-documents';
import { readSnapshot } from '../platform/snapshots';
import { mayChangeEvent, seesEvent } from './event-admin-view';
import { HttpError } from '../platform/http';
import type { MailContext } from '../platform/mail/layout';

/**
 * What every admin write of an event (docs/events.md, "The admin's side")
 * shares: who writes, what a write answers, the documents it names, and
 * the checks before it (the writer's branches, the season's documents,
 * the event read for a write).
 */

const MESSAGES = adminEventsContract.messages;

/** What a write did; the offers' e-mails to deliver after the answer. */
export interface EventWritten {
  event: GroupEvent;
  outcome: EventWrite['outcome'];
  offered: number;
  mailIds: string[];
}

/** Who writes: the audit's actor, the verified role, where the e-mails link to. */
export interface EventWriter {
  actor: AuditActor;
  staff: Staff;
  mail: MailContext;
}

/** `events/{id}`. */
export const eventRef = (db: Firestore, id: string) => db.collection(COLLECTION.events).doc(id);
/** `event_counters/{id}`. */
export const counterRef = (db: Firestore, id: string) => db.collection(COLLECTION.eventCounters).doc(id);

/** What a write that changes nothing answers: the event as stored. */
export const unchanged = (event: GroupEvent): EventWritten => ({ event, outcome: 'unchanged', offered: 0, mailIds: [] });

/** @throws HttpError 403 when a capo names a branch that is not theirs. */
export function checkBranches(staff: Staff, branches: GroupEvent['branches']): void {
  if (!mayChangeEvent(staff, { branches })) throw new HttpError(403, MESSAGES.otherBranch);
}

/** @throws HttpError 400 when a required document is not among the season's live group documents. */
export async function checkDocuments(db: Firestore, season: number, fields: EventFields): Promise<void> {
  const live = new Set((await readSeasonDocuments(db, season)).map((document) => document.key));
  const unknown = fields.requiredDocuments.find((key) => !live.has(key));
  if (unknown) throw new HttpError(400, MESSAGES.unknownDocument(unknown));
}

/** Reads event `id` in `transaction` for a write by `staff`: 404 when missing, 403 when not theirs to change (notVisible when none of its branches is theirs). */
export async function readForWrite(db: Firestore, transaction: Transaction, staff: Staff, id: string): Promise<GroupEvent> {
  const event = readSnapshot(eventSchema, await transaction.get(eventRef(db, id)));
  if (!event) throw new HttpError(404, MESSAGES.notFound);
  if (!seesEvent(staff, event)) throw new HttpError(403, MESSAGES.notVisible);
  checkBranches(staff, event.branches);
  return event;
}

/** A child's name for the audit line, read in `transaction`. */
export async function childName(db: Firestore, transaction: Transaction, childId: string): Promise<string> {
  const child = readSnapshot(childDocument, await transaction.get(db.collection(COLLECTION.sons).doc(childId)));
  return child ? fullName(child) : childId;
}

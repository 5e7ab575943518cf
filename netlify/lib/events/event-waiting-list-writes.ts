import type { Firestore } from 'firebase-admin/firestore';
import { adminEventsContract } from '@contracts/admin-events';
import { AUDIT_ACTION } from '@domain/audit-log';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { emptyCounter, eventCounterSchema, placesLeft } from '@domain/events/event';
import { eventSignupSchema, signupId, waitingRank, type EventSignup } from '@domain/events/event-signup';
import { recordAudit } from '../platform/audit-log';
import { readSnapshot } from '../platform/snapshots';
import { confirmationMail } from './event-confirmation-mail';
import { readWaiting } from './event-waiting-list';
import { fullName } from '../documents/family-documents';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import { familyAddresses } from '../platform/mail/outbox';
import { childName, counterRef, eventRef, readForWrite, unchanged, type EventWriter, type EventWritten } from './event-writer';

/**
 * The leaders' writes of an event's waiting list (docs/events.md, "The
 * admin's side"): a child moved up or down the line, a place given out of
 * the line's order; each ONE transaction with its audit entry.
 */

const MESSAGES = adminEventsContract.messages;

/**
 * A leader's move of the waiting list: `childId` (waiting, at sequence
 * number `position`, as the screen showed) swaps places with the waiting
 * child just ahead ('up') or just behind ('down'), with `event.line_move`,
 * in one transaction. A position that no longer matches (the line moved,
 * or the same move again) is 409, so a double tap never moves twice.
 * @throws HttpError 404, 403, 409 cancelled, notWaiting, lineChanged, edgeOfLine.
 */
export async function moveInLine(
  db: Firestore,
  writer: EventWriter,
  { id, childId, position, direction }: { id: string; childId: string; position: number; direction: 'up' | 'down' },
): Promise<EventWritten> {
  return runTransaction(db, async (transaction) => {
    const event = await readForWrite(db, transaction, writer.staff, id);
    if (event.cancelled_at) throw new HttpError(409, MESSAGES.cancelled);
    const waiting = await readWaiting(db, transaction, id);
    const mine = waiting.find((signup) => signup.child_id === childId);
    if (!mine) throw new HttpError(409, MESSAGES.notWaiting);
    if (mine.position !== position) throw new HttpError(409, MESSAGES.lineChanged);
    const others = waiting.filter((signup) => signup !== mine && signup.position !== null);
    const candidates = direction === 'up' ? others.filter((s) => s.position! < position) : others.filter((s) => s.position! > position);
    const other = candidates.sort((a, b) => (direction === 'up' ? b.position! - a.position! : a.position! - b.position!))[0];
    if (!other) throw new HttpError(409, MESSAGES.edgeOfLine(direction));
    const name = await childName(db, transaction, childId);
    const rank = waitingRank(mine, waiting)!;
    const signups = db.collection(COLLECTION.eventSignups);
    transaction.update(signups.doc(signupId(id, childId)), { position: other.position });
    transaction.update(signups.doc(signupId(id, other.child_id)), { position });
    const newRank = direction === 'up' ? rank - 1 : rank + 1;
    recordAudit(db, transaction, {
      actor: writer.actor,
      action: AUDIT_ACTION.eventLineMove,
      target: { collection: COLLECTION.eventSignups, id: signupId(id, childId) },
      summary: `Lista d'attesa di «${event.name}»: ${name} da posizione ${rank} a ${newRank}`,
      before: { position, rank, swapped_with: other.child_id },
      after: { position: other.position, rank: newRank },
    });
    return { event, outcome: 'moved' as const, offered: 0, mailIds: [] };
  });
}

/**
 * 'Dai il posto': a waiting (or offered) child confirmed out of the list's
 * order, by the leaders' choice; when no place is left, the event's places
 * grow by one for them (the capi take one more child). One transaction
 * with `event.admit` and the family's 'Iscrizione confermata' (confirmationMail). A child already confirmed: unchanged.
 * @throws HttpError 404, 403, 409 cancelled or notWaiting.
 */
export async function admitChild(
  db: Firestore,
  writer: EventWriter,
  { id, childId }: { id: string; childId: string },
): Promise<EventWritten> {
  return runTransaction(db, async (transaction) => {
    const event = await readForWrite(db, transaction, writer.staff, id);
    if (event.cancelled_at) throw new HttpError(409, MESSAGES.cancelled);
    const signupRef = db.collection(COLLECTION.eventSignups).doc(signupId(id, childId));
    const [signupSnapshot, counterSnapshot] = await transaction.getAll(signupRef, counterRef(db, id));
    const signup = readSnapshot(eventSignupSchema, signupSnapshot!);
    if (signup?.state === 'confirmed') return unchanged(event);
    if (!signup || (signup.state !== 'waiting' && signup.state !== 'offered')) throw new HttpError(409, MESSAGES.notWaiting);
    const counter = readSnapshot(eventCounterSchema, counterSnapshot!) ?? emptyCounter(id);
    const child = readSnapshot(childDocument, await transaction.get(db.collection(COLLECTION.sons).doc(childId)));
    const name = child ? fullName(child) : childId;
    const addresses = await familyAddresses(db, transaction, signup.family_id);
    // Reads end here: the writes follow.
    const offered = counter.offered - (signup.state === 'offered' ? 1 : 0);
    // A waiting child takes a free place, or one more than the event had; an offered one takes the place held for them.
    const extra = signup.state === 'waiting' && placesLeft(event, counter) === 0 ? 1 : 0;
    const places = event.places + extra;
    transaction.update(signupRef, { state: 'confirmed', offered_until: null });
    transaction.set(counterRef(db, id), { ...counter, confirmed: counter.confirmed + 1, offered: Math.max(0, offered) });
    if (extra > 0) transaction.update(eventRef(db, id), { places });
    recordAudit(db, transaction, {
      actor: writer.actor,
      action: AUDIT_ACTION.eventAdmit,
      target: { collection: COLLECTION.eventSignups, id: signupId(id, childId) },
      summary: `«${event.name}»: posto dato a ${name} fuori dall'ordine della lista d'attesa${extra > 0 ? ` (posti da ${event.places} a ${places})` : ''}`,
      before: { state: signup.state, position: signup.position, places: event.places },
      after: { state: 'confirmed', places },
    });
    const confirmed: EventSignup = { ...signup, state: 'confirmed', offered_until: null };
    const mailId = confirmationMail(db, transaction, { ...event, places }, confirmed, { addresses, child }, writer.mail, new Date());
    return { event: { ...event, places }, outcome: 'admitted' as const, offered: 0, mailIds: mailId ? [mailId] : [] };
  });
}

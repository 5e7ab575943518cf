import type { Firestore } from 'firebase-admin/firestore';
import { createEvent } from 'ics';
import { GROUP } from '@config/group';
import { productSlug } from '@domain/catalogue/product-slug';
import { COLLECTION } from '@domain/collections';
import { eventSchema, type GroupEvent } from '@domain/events/event';
import { readSnapshot } from '../platform/snapshots';
import type { AttachmentRenderer } from '../platform/mail/attachments';

/**
 * The calendar entry of an event (RFC 5545, library `ics`), attached to the
 * confirmation e-mail of a place (docs/events.md, "The confirmation"): the
 * event's name, start and end (UTC instants: every calendar shows them in
 * its own zone), the place, the meeting point and the group as organiser
 * in words. Its UID names the event and the child, so a second
 * confirmation of the same child updates the entry instead of doubling it.
 */

/** An .ics file: its name ('uscita-di-primavera.ics') and text. */
export interface CalendarFile {
  filename: string;
  text: string;
}

/**
 * The calendar entry of `event` for `childName` (the child's id in its UID).
 * @throws Error when `ics` refuses the event (a date it cannot write).
 */
export function eventCalendar(event: GroupEvent, childId: string, childName: string): CalendarFile {
  const description = [
    `${childName} è iscritto a «${event.name}».`,
    event.meeting_point ? `Ritrovo: ${event.meeting_point}.` : '',
    `Per cambiamenti: la pagina «La mia famiglia» del sito di ${GROUP.name}.`,
  ]
    .filter(Boolean)
    .join('\n');
  const { error, value } = createEvent({
    uid: `${event.id}-${childId}@eventi.portale-scout`,
    productId: 'portale-scout/eventi',
    title: `${event.name} (${childName})`,
    start: new Date(event.starts_at).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: new Date(event.ends_at).getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    location: event.meeting_point ? `${event.place} (ritrovo: ${event.meeting_point})` : event.place,
    description,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw new Error(`calendar of event ${event.id} not written: ${error?.message ?? 'empty'}`);
  return { filename: `${productSlug(event.name) || 'evento'}.ics`, text: value };
}

/**
 * The calendar file an outbox message names (`{ kind: 'event-calendar',
 * event_id, child_id, child_name }`), made when it is sent from the event
 * as it is then.
 * @throws Error when the event is gone: the message is retried, then given up.
 */
export async function eventCalendarFile(db: Firestore, eventId: string, childId: string, childName: string): Promise<CalendarFile> {
  const event = readSnapshot(eventSchema, await db.collection(COLLECTION.events).doc(eventId).get());
  if (!event) throw new Error(`event ${eventId} is gone`);
  return eventCalendar(event, childId, childName);
}

/**
 * The attachment of an event's calendar entry ({@link eventCalendarFile}),
 * as a calendar client opens it.
 * @throws Error when the event is gone: the message is retried, then given up.
 */
export const eventCalendarAttachment: AttachmentRenderer<'event-calendar'> = async (db, attachment) => {
  const file = await eventCalendarFile(db, attachment.event_id, attachment.child_id, attachment.child_name);
  return {
    filename: file.filename,
    content: new TextEncoder().encode(file.text),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  };
};

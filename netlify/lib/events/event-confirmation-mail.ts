import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { ChildDocument } from '@domain/roster/child-schema';
import type { GroupEvent } from '@domain/events/event';
import type { EventSignup } from '@domain/events/event-signup';
import { italianDateTime } from '@domain/italian-time';
import { fullName } from '../documents/family-documents';
import { eventConfirmedMail } from './event-mails';
import type { MailContext } from '../platform/mail/layout';
import { enqueueMail } from '../platform/mail/outbox';

/**
 * 'Iscrizione confermata' (docs/events.md, "The confirmation"): the e-mail
 * of a child who now has a place, and the events' dates as the e-mails say them.
 */

/** An event's dates as the e-mails say them: 'dal 09/05/… 08:30 al 10/05/… 17:00'. */
export function eventWhen(event: Pick<GroupEvent, 'starts_at' | 'ends_at'>): string {
  return `dal ${italianDateTime(new Date(event.starts_at))} al ${italianDateTime(new Date(event.ends_at))}`;
}

/**
 * Writes, in `transaction` (its reads done), 'Iscrizione confermata' for
 * the family of `signup`, a child who now has a place, with the event's
 * calendar entry attached (made when sent: netlify/lib/events/event-calendar.ts).
 * Returns the e-mail's id (deliver it after the transaction), null without
 * an address.
 */
export function confirmationMail(
  db: Firestore,
  transaction: Transaction,
  event: GroupEvent,
  signup: EventSignup,
  family: { addresses: readonly string[]; child: ChildDocument | null },
  mail: MailContext,
  now: Date,
): string | null {
  const childName = family.child ? fullName(family.child) : signup.child_id;
  return enqueueMail(
    db,
    transaction,
    {
      kind: 'event-confirmed',
      to: family.addresses,
      content: eventConfirmedMail(
        { eventName: event.name, when: eventWhen(event), place: event.place, meetingPoint: event.meeting_point, child: childName },
        mail,
      ),
      familyId: signup.family_id,
      attachments: [{ kind: 'event-calendar', event_id: event.id, child_id: signup.child_id, child_name: childName }],
    },
    now,
  );
}

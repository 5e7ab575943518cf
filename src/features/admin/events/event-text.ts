import type { AdminEvent } from '@contracts/admin-events';
import { italianDateTime } from '@domain/italian-time';

/** When an event is, as Italians read it: 'dal 09/05/… 08:30 al 10/05/… 17:00'. */
export function eventWhen(event: Pick<AdminEvent, 'startsAt' | 'endsAt'>): string {
  return `dal ${italianDateTime(new Date(event.startsAt))} al ${italianDateTime(new Date(event.endsAt))}`;
}

import { adminEventsContract, eventListSchema, eventWriteSchema, type EventList, type EventWrite } from '@contracts/admin-events';
import type { EventFields } from '@domain/events/event-admin';
import { callAdminAction } from '@/features/admin/shell/api/admin-functions';

/**
 * What 'Uscite e campi' asks admin-events (docs/events.md, "The admin's
 * side"): the server checks the role and the branches, and writes the
 * audit entries. Each fetcher throws UserFacingError with the function's
 * Italian message.
 */

/** The season's events the volunteer sees, with their sign-ups in order, and the documents an event may require. */
export function fetchEvents(season: number): Promise<EventList> {
  return callAdminAction(adminEventsContract, { action: 'list', season }, eventListSchema);
}

/** 'Nuovo evento' of `season`. */
export function createEvent(season: number, fields: EventFields): Promise<EventWrite> {
  return callAdminAction(adminEventsContract, { action: 'create', season, fields }, eventWriteSchema);
}

/** 'Salva' of an edit started from `revision`. */
export function editEvent(id: string, revision: string, fields: EventFields): Promise<EventWrite> {
  return callAdminAction(adminEventsContract, { action: 'edit', id, revision, fields }, eventWriteSchema);
}

/** 'Annulla evento' of the copy at `revision`. */
export function cancelEvent(id: string, revision: string): Promise<EventWrite> {
  return callAdminAction(adminEventsContract, { action: 'cancel', id, revision }, eventWriteSchema);
}

/** 'Su' / 'Giù': a waiting child at sequence number `position` moves one place in line. */
export function moveSignup(id: string, childId: string, position: number, direction: 'up' | 'down'): Promise<EventWrite> {
  return callAdminAction(adminEventsContract, { action: 'move', id, childId, position, direction }, eventWriteSchema);
}

/** 'Dai il posto': a waiting child confirmed out of the list's order. */
export function admitSignup(id: string, childId: string): Promise<EventWrite> {
  return callAdminAction(adminEventsContract, { action: 'admit', id, childId }, eventWriteSchema);
}

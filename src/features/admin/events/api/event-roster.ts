import {
  adminEventRosterContract,
  eventReminderSchema,
  eventRosterSchema,
  rosterFileName,
  type EventReminder,
  type EventRoster,
} from '@contracts/admin-event-roster';
import { saveFile } from '@/lib/save-file';
import { callAdminAction, fetchAdminContractFile } from '@/features/admin/shell/api/admin-functions';

/**
 * What an event's list asks admin-event-roster (docs/events.md, "The
 * leaders' list"): the server checks the role and the branches and logs
 * each download. Each fetcher throws UserFacingError with the function's
 * Italian message.
 */

/** The list of `eventId`, for the screen (not logged). */
export function fetchEventRoster(eventId: string): Promise<EventRoster> {
  return callAdminAction(adminEventRosterContract, { eventId, format: 'json' }, eventRosterSchema);
}

/** 'Scarica elenco': the list as a PDF to print or a CSV, saved by the browser (the function logs it first). */
export async function downloadEventRoster(eventId: string, format: 'csv' | 'pdf'): Promise<void> {
  const file = await fetchAdminContractFile(adminEventRosterContract, { eventId, format }, rosterFileName(eventId, format));
  saveFile(file.filename, file.blob);
}

/** 'Invia promemoria' of the event's missing papers. */
export function remindEventRoster(eventId: string): Promise<EventReminder> {
  return callAdminAction(adminEventRosterContract, { eventId, action: 'remind' }, eventReminderSchema);
}

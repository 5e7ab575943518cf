import type { Config } from '@netlify/functions';
import { adminEventRosterContract, rosterFileName, type EventRoster } from '@contracts/admin-event-roster';
import { GROUP } from '@config/group';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { rosterCsvTable } from '@domain/events/event-roster-table';
import { toSpreadsheetCsv } from '@domain/spreadsheet-csv';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor, recordAudit, type AuditActor } from '../lib/platform/audit-log';
import { readEventRoster, visibleEvent } from '../lib/events/event-roster';
import { renderEventRosterPdf } from '../lib/events/event-roster-pdf';
import { sendEventReminders } from '../lib/events/event-roster-reminders';
import { getDb } from '../lib/platform/firestore';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import type { Firestore } from 'firebase-admin/firestore';

/** A download's headers: an attachment, never cached (it carries minors' data). */
const fileHeaders = (eventId: string, type: string, format: 'csv' | 'pdf') => ({
  'Content-Type': type,
  'Content-Disposition': `attachment; filename="${rosterFileName(eventId, format)}"`,
  'Cache-Control': 'private, no-store',
});

/** The 'Elenco scaricato' audit entry of a download: who, which event, the format and how many children it carries. Written before the file is answered. */
async function auditDownload(db: Firestore, actor: AuditActor, roster: EventRoster, format: 'csv' | 'pdf'): Promise<void> {
  const batch = db.batch();
  recordAudit(db, batch, {
    actor,
    action: AUDIT_ACTION.eventRosterDownload,
    target: { collection: COLLECTION.events, id: roster.event.id },
    summary: `Elenco di «${roster.event.name}» scaricato (${format.toUpperCase()}, ${roster.rows.length} ${roster.rows.length === 1 ? 'figlio' : 'figli'})`,
    before: null,
    after: { format, children: roster.rows.map((row) => row.childId).sort() },
  });
  await batch.commit();
}

/**
 * admin-event-roster (adminEventRosterContract; docs/api.md,
 * "admin-event-roster"; docs/events.md, "The leaders' list"), permission
 * `events`, a capo only for events all of whose branches are theirs
 * (visibleEvent). 'json' answers the list for the screen; 'csv' and 'pdf'
 * answer it as an attachment once its 'Elenco scaricato' entry is in the
 * audit log (no entry, no file); 'remind' sends the missing papers'
 * reminders (netlify/lib/events/event-roster-reminders.ts) and delivers the
 * e-mails after the answer.
 */
export default adminContractFunction(adminEventRosterContract, 'events', async (input, { staff, token }, request, context) => {
  const db = getDb();
  const event = await visibleEvent(db, staff, input.eventId);
  const roster = await readEventRoster(db, event);
  if ('action' in input) {
    const { mailIds, ...answer } = await sendEventReminders(db, roster, event.season, adminActor(token), mailContext(request));
    if (mailIds.length > 0)
      context.waitUntil(
        (async () => {
          for (const id of mailIds) await deliverMail(db, id);
        })(),
      );
    return { body: answer };
  }
  if (input.format === 'json') return { body: roster };
  await auditDownload(db, adminActor(token), roster, input.format);
  if (input.format === 'pdf') {
    const bytes = await renderEventRosterPdf(roster, GROUP.name);
    return new Response(new Uint8Array(bytes), { status: 200, headers: fileHeaders(event.id, 'application/pdf', 'pdf') });
  }
  const table = rosterCsvTable(roster.rows, roster);
  return new Response(toSpreadsheetCsv(table.header, table.rows), {
    status: 200,
    headers: fileHeaders(event.id, 'text/csv; charset=utf-8', 'csv'),
  });
});

/** A leader looks at a list a few times before an event; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { adminEventsContract } from '@contracts/admin-events';
import { SEASON } from '@config/season';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor } from '../lib/platform/audit-log';
import { listEvents, readAdminEvent } from '../lib/events/event-admin-view';
import { cancelEvent } from '../lib/events/event-cancellation';
import { createEvent, editEvent } from '../lib/events/event-create-edit';
import { admitChild, moveInLine } from '../lib/events/event-waiting-list-writes';
import type { EventWritten } from '../lib/events/event-writer';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { forgetSeasonSettings } from '../lib/season/season-settings';

const MESSAGES = adminEventsContract.messages;

/** @throws HttpError 400 unless `season` is this one, one of the four before, or the next. */
function checkSeason(season: number): void {
  if (season > SEASON.campYear + 1 || season <= SEASON.campYear - SEASON.seasonsShown) throw new HttpError(400, MESSAGES.season);
}

/**
 * admin-events (adminEventsContract; docs/api.md, "admin-events";
 * docs/events.md, "The admin's side"), permission `events`: an admin sees
 * and changes every event, a capo sees those of their branches and changes
 * those all of whose branches are theirs. Each write is one transaction
 * with its audit entry (netlify/lib/events/event-create-edit.ts, event-cancellation.ts, event-waiting-list-writes.ts); the offers'
 * e-mails go out after the answer.
 */
export default adminContractFunction(adminEventsContract, 'events', async (input, { staff, token }, request, context) => {
  const db = getDb();
  if (input.action === 'list') {
    checkSeason(input.season);
    return { body: await listEvents(db, staff, input.season) };
  }
  const writer = { actor: adminActor(token), staff, mail: mailContext(request) };
  let written: EventWritten;
  switch (input.action) {
    case 'create':
      checkSeason(input.season);
      written = await createEvent(db, writer, input.season, input.fields);
      break;
    case 'edit':
      written = await editEvent(db, writer, input);
      break;
    case 'cancel':
      written = await cancelEvent(db, writer, input);
      break;
    case 'move':
      written = await moveInLine(db, writer, input);
      break;
    case 'admit':
      written = await admitChild(db, writer, input);
      break;
  }
  // The catalogue may have changed with the event: this instance reads it again.
  forgetSeasonSettings();
  const { mailIds } = written;
  context.waitUntil(
    (async () => {
      for (const id of mailIds) await deliverMail(db, id);
    })(),
  );
  return { body: { event: await readAdminEvent(db, staff, written.event), outcome: written.outcome, offered: written.offered } };
});

/** A volunteer's screen lists and edits a few times an hour; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

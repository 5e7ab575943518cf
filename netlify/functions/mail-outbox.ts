import type { Config } from '@netlify/functions';
import { getDb } from '../lib/platform/firestore';
import { responseForError, jsonResponse } from '../lib/platform/http';
import { deliverDue } from '../lib/mail-delivery';

/**
 * The outbox's scheduled sender (Netlify Scheduled Functions, every five
 * minutes; docs/architecture.md, "E-mail"): sends the messages that are
 * due — those whose first sending failed, or whose function stopped before
 * sending — and gives up those older than a day (audit entry 'E-mail non
 * consegnata'); access e-mails first, and what the day's mail budget
 * holds waits for the next day. Answers 200 `{ sent, retry, failed,
 * skipped, held }`.
 */
export default async function mailOutbox(): Promise<Response> {
  try {
    const outcomes = await deliverDue(getDb());
    if (outcomes.sent + outcomes.retry + outcomes.failed + outcomes.held > 0) console.log(`mail-outbox: ${JSON.stringify(outcomes)}`);
    return jsonResponse(200, outcomes);
  } catch (error) {
    return responseForError(error, 'mail-outbox');
  }
}

export const config: Config = { schedule: '*/5 * * * *' };

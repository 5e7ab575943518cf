import type { Config } from '@netlify/functions';
import { expireOffers } from '../lib/events/event-offer-expiry';
import { getDb } from '../lib/platform/firestore';
import { jsonResponse, responseForError } from '../lib/platform/http';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';

/**
 * The end of offered places nobody confirmed (Netlify Scheduled Functions,
 * every 15 minutes; docs/events.md, "The waiting list"): each offer past
 * its `offered_until` ends and its place goes to the next family waiting,
 * one transaction per offer, so two runs at once end each offer once
 * (expireOffers). The offers' e-mails are in the outbox; this run sends
 * them, and mail-outbox retries any it could not. Answers 200 `{ passed,
 * freed, skipped }`; 503 without Firebase settings.
 */
export default async function eventOfferExpiry(request: Request): Promise<Response> {
  try {
    const db = getDb();
    const { outcomes, mailIds } = await expireOffers(db, mailContext(request));
    for (const id of mailIds) await deliverMail(db, id);
    if (outcomes.passed + outcomes.freed > 0) console.log(`event-offer-expiry: ${JSON.stringify(outcomes)}`);
    return jsonResponse(200, outcomes);
  } catch (error) {
    return responseForError(error, 'event-offer-expiry');
  }
}

export const config: Config = { schedule: '*/15 * * * *' };

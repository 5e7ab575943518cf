import type { Config } from '@netlify/functions';
import { SEASON } from '@config/season';
import { familyEventsContract } from '@contracts/family-events';
import { contractFunction } from '../lib/platform/contract-function';
import { readFamilyEvents } from '../lib/events/family-events';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { requireSession } from '../lib/platform/session';

/**
 * family-events (familyEventsContract; docs/api.md, "family-events";
 * docs/events.md, "On 'La mia famiglia'"): GET with the family's session,
 * this season's outings and camps open to its children, each with the
 * children's sign-ups, prices and what is still needed. Never cached: it
 * carries the family's own data.
 */
export default contractFunction(familyEventsContract, async (_input, request) => {
  const session = await requireSession(request);
  const events = await readFamilyEvents(getDb(), session.familyId);
  if (!events) throw new HttpError(401, familyEventsContract.messages.sessionExpired);
  return { body: { season: SEASON.campYear, events }, headers: { 'cache-control': 'private, no-store' } };
});

export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

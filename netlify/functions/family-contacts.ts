import type { Config } from '@netlify/functions';
import { SEASON } from '@config/season';
import { familyContactsContract } from '@contracts/family-contacts';
import { contractFunction } from '../lib/platform/contract-function';
import { readFamilyContacts } from '../lib/families/family-contacts';
import { getDb } from '../lib/platform/firestore';
import { requireSession } from '../lib/platform/session';

/**
 * family-contacts (familyContactsContract; docs/api.md, "family-contacts"):
 * the contacts of the session's family as the group has them, and whether
 * they were confirmed this season (readFamilyContacts).
 */
export default contractFunction(familyContactsContract, async (_input, request) => {
  const session = await requireSession(request);
  return { body: await readFamilyContacts(getDb(), session, SEASON.campYear) };
});

/** 30 a minute per address and domain: a page's load and its retries. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { SEASON } from '@config/season';
import { confirmFamilyContactsContract } from '@contracts/confirm-family-contacts';
import { contractFunction } from '../lib/platform/contract-function';
import { confirmFamilyContacts, parsePhone } from '../lib/families/family-contacts';
import { getDb } from '../lib/platform/firestore';
import { requireSession } from '../lib/platform/session';

/**
 * confirm-family-contacts (confirmFamilyContactsContract; docs/api.md,
 * "confirm-family-contacts"): 'Confermo' for this season, with the session
 * parent's phone when changed (confirmFamilyContacts).
 */
export default contractFunction(confirmFamilyContactsContract, async (input, request) => {
  const session = await requireSession(request);
  const phone = parsePhone(input.phone);
  const confirmedAt = await confirmFamilyContacts(getDb(), session, SEASON.campYear, phone);
  return { body: { status: 'confirmed', confirmedAt: confirmedAt.toISOString(), season: SEASON.campYear } };
});

/** 10 a minute per address and domain. */
export const config: Config = { rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

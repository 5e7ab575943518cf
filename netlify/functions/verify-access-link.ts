import type { Config } from '@netlify/functions';
import { verifyAccessLinkContract } from '@contracts/verify-access-link';
import { spendAccessLink } from '../lib/access/access-codes';
import { contractFunction } from '../lib/platform/contract-function';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { serviceConfig } from '../lib/platform/server-env';
import { SESSION_SECONDS, sessionCookie, signSession } from '../lib/platform/session';

/**
 * verify-access-link (verifyAccessLinkContract; docs/security.md, "Parents'
 * sessions"): a live one-time link is spent (spendAccessLink, with the code
 * of its e-mail) and opens its parent's family session, as the right code
 * does; it works while the parent's codes are paused.
 */
export default contractFunction(verifyAccessLinkContract, async (input) => {
  serviceConfig('session');
  const signIn = await spendAccessLink(getDb(), input.token);
  if (!signIn) throw new HttpError(410, verifyAccessLinkContract.messages.linkInvalid);
  const seconds = input.remember ? SESSION_SECONDS.remembered : SESSION_SECONDS.browser;
  const token = await signSession({ familyId: signIn.familyId, parentId: signIn.parentId }, seconds);
  return {
    body: { status: 'verified', returnPath: signIn.returnPath, cf: signIn.cf },
    headers: { 'set-cookie': sessionCookie(token, input.remember) },
  };
});

/** Netlify's rate limit: 20 a minute per address and domain, like verify-access-code. */
export const config: Config = { rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { verifyAccessCodeContract } from '@contracts/verify-access-code';
import { checkAccessCode, secondsToTomorrow } from '../lib/access/access-codes';
import { findParentByCf } from '../lib/families/families';
import { UnknownFiscalCodeError, fiscalCodeContractFunction } from '../lib/platform/fiscal-code-budget';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { parseFiscalCode } from '../lib/orders/order-request';
import { SESSION_SECONDS, sessionCookie, signSession } from '../lib/platform/session';

const MESSAGES = verifyAccessCodeContract.messages;

/**
 * verify-access-code (verifyAccessCodeContract; docs/security.md, "Parents'
 * sessions"): the right code of the parent of `cf` opens the family's
 * session (the cookie in the answer). checkAccessCode counts the code's five
 * tries and the parent's ten wrong codes a day; the try that spends them
 * writes the parent's one lock e-mail of the day, sent after the answer.
 */
export default fiscalCodeContractFunction(verifyAccessCodeContract, async (input, request, context) => {
  const cf = parseFiscalCode(input.cf);
  const db = getDb();
  const parent = await findParentByCf(db, cf);
  if (!parent) throw new UnknownFiscalCodeError();
  const check = await checkAccessCode(db, parent, input.code, mailContext(request).siteUrl);
  if (!check.ok && check.reason === 'locked') {
    if (check.lockMailId) context.waitUntil(deliverMail(db, check.lockMailId));
    throw new HttpError(429, MESSAGES.locked, { 'retry-after': String(secondsToTomorrow()) });
  }
  if (!check.ok) throw new HttpError(check.reason === 'wrong' ? 401 : 410, MESSAGES[check.reason]);
  const seconds = input.remember ? SESSION_SECONDS.remembered : SESSION_SECONDS.browser;
  const token = await signSession({ familyId: check.familyId, parentId: parent.id }, seconds);
  return { body: { status: 'verified' }, headers: { 'set-cookie': sessionCookie(token, input.remember) } };
});

/** Netlify's rate limit, besides the fiscal-code budget, the code's five tries and the parent's ten a day. */
export const config: Config = { rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

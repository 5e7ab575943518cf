import type { Config } from '@netlify/functions';
import { admissionAcceptContract } from '@contracts/admission-accept';
import { acceptPlace } from '../lib/admissions/admission-offers';
import { contractFunction } from '../lib/platform/contract-function';
import { getDb } from '../lib/platform/firestore';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';

/**
 * admission-accept (admissionAcceptContract; docs/api.md, "admission-accept"):
 * 'Accetta il posto' from the offer e-mail's link. The child joins the roster
 * (acceptPlace); the same press again answers the same. The roster's notices
 * leave after the answer.
 */
export default contractFunction(admissionAcceptContract, async ({ token }, request, context) => {
  const db = getDb();
  const { surname, branch, mailIds } = await acceptPlace(db, token, mailContext(request));
  for (const mailId of mailIds) context.waitUntil(deliverMail(db, mailId));
  return { body: { status: 'accepted', surname, branch } };
});

/** One press a family; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

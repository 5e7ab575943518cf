import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { GROUP } from '@config/group';
import { accessReturnPath } from '@config/paths';
import { issueAccess, maskEmail } from '../lib/access-codes';
import { findParentByCf } from '../lib/families';
import { UnknownFiscalCodeError, fiscalCodeFunction } from '../lib/fiscal-code-budget';
import { getDb } from '../lib/firestore';
import { HttpError, jsonResponse } from '../lib/http';
import { deliverMail, mailContext } from '../lib/mail/outbox';
import { cfField, ORDER_MESSAGES, parseBody, parseFiscalCode } from '../lib/order-request';
import { serviceConfig } from '../lib/server-env';
import { readSession } from '../lib/session';

/** The 422's Italian message: a known parent without an e-mail on file. */
export const NO_EMAIL_MESSAGE = `Non abbiamo un indirizzo e-mail per questo codice fiscale: scrivi al gruppo per aggiungerlo (${GROUP.email}).`;

const bodySchema = z.object({ cf: cfField, resend: z.boolean().optional(), returnPath: z.string().max(200).optional() });

/**
 * POST /.netlify/functions/request-access-code `{ cf, resend?, returnPath? }`
 * (docs/api.md; docs/security.md, "Parents' sessions"): the first step of
 * 'Trova'. With a live session for the family of `cf`: 200
 * `{ status: 'session' }` (no code needed). Otherwise a 6-digit code and a
 * one-time sign-in link (back to `returnPath`, when it is one of the
 * screens with 'Trova') go to the parent's e-mail through the outbox (sent
 * after the answer, so the answer's time does not depend on the mail
 * server): 200 `{ status: 'code-sent', email: 'm•••@e•••.com',
 * resendAfterSeconds, sameCode }`; the live code is sent again rather
 * than replaced; within a minute of the last e-mail, or past the hour's
 * e-mails while a code is live (a first 'Trova', not 'Invia di nuovo'),
 * nothing is sent. While the parent's codes
 * are paused (too many wrong ones today) the link alone: `{ status:
 * 'link-sent', email, resendAfterSeconds }`. 400 for an invalid code, 404
 * for an unknown one, 422 NO_EMAIL_MESSAGE, 429 past the fiscal-code budget
 * or the hour's access e-mails (none live), 503 without mail or session
 * settings.
 */
export default fiscalCodeFunction('request-access-code', async (body, request, context) => {
  const input = parseBody(bodySchema, body, ORDER_MESSAGES.invalidCf);
  const cf = parseFiscalCode(input.cf);
  serviceConfig('mail');
  const db = getDb();
  const [parent, session] = await Promise.all([findParentByCf(db, cf), readSession(request)]);
  if (!parent) throw new UnknownFiscalCodeError();
  if (session?.familyId === parent.family_id) return jsonResponse(200, { status: 'session' });
  if (!parent.email) throw new HttpError(422, NO_EMAIL_MESSAGE);
  const issued = await issueAccess(db, parent, {
    siteUrl: mailContext(request).siteUrl,
    returnPath: accessReturnPath(input.returnPath),
    resend: input.resend,
  });
  if (issued.mailId) context.waitUntil(deliverMail(db, issued.mailId));
  const email = maskEmail(parent.email);
  return jsonResponse(
    200,
    issued.mode === 'code'
      ? { status: 'code-sent', email, resendAfterSeconds: issued.resendAfterSeconds, sameCode: issued.sameCode }
      : { status: 'link-sent', email, resendAfterSeconds: issued.resendAfterSeconds },
  );
});

/** Netlify's rate limit, besides the fiscal-code budget: 10 a minute per address and domain, like lookup-family. */
export const config: Config = { rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

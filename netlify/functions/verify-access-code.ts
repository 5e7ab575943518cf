import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { ACCESS_CODE_MESSAGES, checkAccessCode, secondsToTomorrow } from '../lib/access-codes';
import { findParentByCf } from '../lib/families';
import { UnknownFiscalCodeError, fiscalCodeFunction } from '../lib/fiscal-code-budget';
import { getDb } from '../lib/firestore';
import { HttpError, jsonResponse } from '../lib/http';
import { deliverMail, mailContext } from '../lib/mail/outbox';
import { cfField, parseBody, parseFiscalCode } from '../lib/order-request';
import { SESSION_SECONDS, sessionCookie, signSession } from '../lib/session';

/** The 400's Italian message: not six digits. */
export const CODE_FORMAT_MESSAGE = 'Inserisci il codice di 6 cifre ricevuto per e-mail.';

const bodySchema = z.object({
  cf: cfField,
  code: z
    .string({ error: CODE_FORMAT_MESSAGE })
    .trim()
    .regex(/^\d{6}$/, { error: CODE_FORMAT_MESSAGE }),
  remember: z.boolean().default(false),
});

/**
 * POST /.netlify/functions/verify-access-code `{ cf, code, remember }`
 * (docs/api.md; docs/security.md, "Parents' sessions"): the right code of
 * the parent of `cf` opens a session for the family: 200 `{ status:
 * 'verified' }` with an HttpOnly session cookie (the browser's session, or
 * 30 days with `remember`). 400 CODE_FORMAT_MESSAGE, 401 'Codice non
 * valido' (a try counted), 410 'Codice scaduto: richiedine uno nuovo' (none
 * live, expired, or five wrong tries), 429 ACCESS_CODE_MESSAGES.locked with
 * Retry-After (the day's wrong codes spent: codes paused until the next
 * Italian day; the try that spends them writes the parent's one lock
 * e-mail), 404 for an unknown fiscal code, 429 past the fiscal-code budget,
 * 503 without session settings.
 */
export default fiscalCodeFunction('verify-access-code', async (body, request, context) => {
  const input = parseBody(bodySchema, body, CODE_FORMAT_MESSAGE);
  const cf = parseFiscalCode(input.cf);
  const db = getDb();
  const parent = await findParentByCf(db, cf);
  if (!parent) throw new UnknownFiscalCodeError();
  const check = await checkAccessCode(db, parent, input.code, mailContext(request).siteUrl);
  if (!check.ok && check.reason === 'locked') {
    if (check.lockMailId) context.waitUntil(deliverMail(db, check.lockMailId));
    throw new HttpError(429, ACCESS_CODE_MESSAGES.locked, { 'retry-after': String(secondsToTomorrow()) });
  }
  if (!check.ok) throw new HttpError(check.reason === 'wrong' ? 401 : 410, ACCESS_CODE_MESSAGES[check.reason]);
  const seconds = input.remember ? SESSION_SECONDS.remembered : SESSION_SECONDS.browser;
  const token = await signSession({ familyId: check.familyId, parentId: parent.id }, seconds);
  return jsonResponse(200, { status: 'verified' }, { 'set-cookie': sessionCookie(token, input.remember) });
});

/** Netlify's rate limit, besides the fiscal-code budget, the code's five tries and the parent's ten a day. */
export const config: Config = { rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

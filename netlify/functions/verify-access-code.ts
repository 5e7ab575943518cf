import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { ACCESS_CODE_MESSAGES, checkAccessCode } from '../lib/access-codes';
import { findParentByCf } from '../lib/families';
import { UnknownFiscalCodeError, fiscalCodeFunction } from '../lib/fiscal-code-budget';
import { getDb } from '../lib/firestore';
import { HttpError, jsonResponse } from '../lib/http';
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
 * live, expired, or five wrong tries), 404 for an unknown fiscal code, 429
 * past the fiscal-code budget, 503 without session settings.
 */
export default fiscalCodeFunction('verify-access-code', async (body, request) => {
  const input = parseBody(bodySchema, body, CODE_FORMAT_MESSAGE);
  const cf = parseFiscalCode(input.cf);
  const db = getDb();
  const parent = await findParentByCf(db, cf);
  if (!parent) throw new UnknownFiscalCodeError();
  const check = await checkAccessCode(db, parent.id, input.code);
  if (!check.ok) throw new HttpError(check.reason === 'wrong' ? 401 : 410, ACCESS_CODE_MESSAGES[check.reason]);
  const seconds = input.remember ? SESSION_SECONDS.remembered : SESSION_SECONDS.browser;
  const token = await signSession({ familyId: check.familyId, parentId: parent.id }, seconds);
  return jsonResponse(200, { status: 'verified' }, { 'set-cookie': sessionCookie(request, token, input.remember) });
});

/** Netlify's rate limit, besides the fiscal-code budget and the code's five tries. */
export const config: Config = { rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { ACCESS_LINK_MESSAGE, spendAccessLink } from '../lib/access-codes';
import { getDb } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { parseBody } from '../lib/order-request';
import { serviceConfig } from '../lib/server-env';
import { SESSION_SECONDS, sessionCookie, signSession } from '../lib/session';

const bodySchema = z.object({ token: z.string().max(100), remember: z.boolean().default(false) });

/**
 * POST /.netlify/functions/verify-access-link `{ token, remember }`
 * (docs/api.md; docs/security.md, "Parents' sessions"): the page /accesso
 * sends the token of the one-time link e-mailed with a code (or instead of
 * one while codes are paused). A live link is spent and opens a session
 * for its parent's family, as the right code does: 200 `{ status:
 * 'verified', returnPath, cf }` (the screen to go back to, and the
 * parent's fiscal code for its form) with the session cookie. 410
 * ACCESS_LINK_MESSAGE for a link used, expired, never sent, or whose parent
 * left the family; 400 for a body that is not `{ token }`; 503 without
 * session settings. No fiscal code is taken, so no fiscal-code budget: a
 * 256-bit token cannot be guessed.
 */
export default jsonFunction('verify-access-link', async (body) => {
  const input = parseBody(bodySchema, body, ACCESS_LINK_MESSAGE);
  serviceConfig('session');
  const signIn = await spendAccessLink(getDb(), input.token);
  if (!signIn) throw new HttpError(410, ACCESS_LINK_MESSAGE);
  const seconds = input.remember ? SESSION_SECONDS.remembered : SESSION_SECONDS.browser;
  const token = await signSession({ familyId: signIn.familyId, parentId: signIn.parentId }, seconds);
  return jsonResponse(
    200,
    { status: 'verified', returnPath: signIn.returnPath, cf: signIn.cf },
    { 'set-cookie': sessionCookie(token, input.remember) },
  );
});

/** Netlify's rate limit: 20 a minute per address and domain, like verify-access-code. */
export const config: Config = { rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

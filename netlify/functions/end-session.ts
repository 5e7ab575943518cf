import { jsonFunction, jsonResponse } from '../lib/http';
import { endedSessionCookie } from '../lib/session';

/**
 * POST /.netlify/functions/end-session (docs/api.md): 'Esci'. Clears the
 * family's session cookie: 200 `{ status: 'ended' }`, with or without a
 * session. 405 for other methods.
 */
export default jsonFunction('end-session', () =>
  Promise.resolve(jsonResponse(200, { status: 'ended' }, { 'set-cookie': endedSessionCookie() })),
);

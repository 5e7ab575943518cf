import { endSessionContract } from '@contracts/end-session';
import { contractFunction } from '../lib/platform/contract-function';
import { endedSessionCookie } from '../lib/platform/session';

/** end-session, 'Esci' (endSessionContract; docs/security.md, "Parents' sessions"): clears the session cookie. */
export default contractFunction(endSessionContract, () =>
  Promise.resolve({ body: { status: 'ended' as const }, headers: { 'set-cookie': endedSessionCookie() } }),
);

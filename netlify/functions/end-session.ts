import { endSessionContract } from '@contracts/end-session';
import { COLLECTION } from '@domain/collections';
import { contractFunction } from '../lib/platform/contract-function';
import { getDb, runTransaction } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { endedSessionCookie, readSessionToken } from '../lib/platform/session';
import { endParentSessions, endSessionToken, isSessionLive } from '../lib/platform/session-validity';

/**
 * end-session (endSessionContract; docs/security.md, "Parents' sessions"):
 * 'Esci' records this device's token as ended (endSessionToken) and clears
 * the cookie; with `allDevices` ('Esci da tutti i dispositivi') and a live
 * session, it also moves the parent's "valid since" to now
 * (endParentSessions), which ends every token issued until now.
 * @throws HttpError 401 sessionExpired for `allDevices` without a live session.
 */
export default contractFunction(endSessionContract, async (input, request) => {
  const ended = { body: { status: 'ended' as const }, headers: { 'set-cookie': endedSessionCookie() } };
  const expired = () => new HttpError(401, endSessionContract.messages.sessionExpired);
  const token = await readSessionToken(request);
  if (!token) {
    if (input.allDevices) throw expired();
    return ended;
  }
  const db = getDb();
  if (input.allDevices) {
    if (!(await isSessionLive(db, token))) throw expired();
    const parent = db.collection(COLLECTION.parents).doc(token.parentId);
    await runTransaction(db, async (transaction) => {
      // Read in the transaction: a parent removed meanwhile is not written back (an update of a missing document fails).
      if ((await transaction.get(parent)).exists) endParentSessions(transaction, parent);
    });
  }
  await endSessionToken(db, token);
  return ended;
});

import { Timestamp, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';
import { sessionParentFields } from '@domain/session-schema';
import { readSnapshot } from './snapshots';

/**
 * Whether a signed session token still counts, and the two ways to end
 * one before it expires (docs/security.md, "Parents' sessions"). The
 * token's signature and expiry are session.ts's; what is checked here
 * lives in Firestore (src/domain/session-schema.ts).
 */

/** A token whose signature and expiry are good: who, its id (`jti`), when it was issued and expires (Unix seconds). */
export interface SessionToken {
  familyId: string;
  parentId: string;
  tokenId: string;
  issuedAt: number;
  expiresAt: number;
}

const parentRef = (db: Firestore, parentId: string) => db.collection(COLLECTION.parents).doc(parentId);
const endedRef = (db: Firestore, tokenId: string) => db.collection(COLLECTION.endedSessions).doc(tokenId);

/**
 * Whether `token` is live: its parent still exists and still belongs to
 * its family, it was issued no earlier than the parent's
 * `sessions_valid_since`, and 'Esci' has not ended it on its device. One
 * batched read of two documents (`parents/{id}`, `ended_sessions/{jti}`).
 */
export async function isSessionLive(db: Firestore, token: SessionToken): Promise<boolean> {
  const [parentSnapshot, endedSnapshot] = await db.getAll(parentRef(db, token.parentId), endedRef(db, token.tokenId));
  const parent = readSnapshot(sessionParentFields, parentSnapshot!);
  if (!parent || parent.family_id !== token.familyId || endedSnapshot!.exists) return false;
  // iat is in whole seconds: a token issued in the second the sessions ended counts as earlier (refused, never wrongly kept).
  return token.issuedAt * 1000 >= parent.sessions_valid_since;
}

/** 'Esci' on one device: records `token` as ended until it would have expired (a TTL policy on `expires_at` deletes the record). */
export async function endSessionToken(db: Firestore, token: SessionToken): Promise<void> {
  await endedRef(db, token.tokenId).set({ parent_id: token.parentId, expires_at: Timestamp.fromMillis(token.expiresAt * 1000) });
}

/**
 * Ends every session of the parent `parent` (`parents/{id}`) opened until
 * now, on every device, in `transaction`: moves its `sessions_valid_since`
 * to now ('Esci da tutti i dispositivi', an e-mail change). The parent
 * document must exist (a transaction's update of a missing one fails).
 */
export function endParentSessions(transaction: Transaction, parent: DocumentReference): void {
  transaction.update(parent, { sessions_valid_since: Date.now() });
}

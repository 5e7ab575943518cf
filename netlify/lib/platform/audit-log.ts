import { FieldValue, type DocumentData, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { AuditAction } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';

/**
 * Writes the audit log (docs/security.md, "Audit log"): one `audit_log`
 * document per action, in the transaction that performs it, so an action
 * and its record are written together or not at all.
 */

/** Who acted: an admin's uid and e-mail, or SYSTEM_ACTOR (src/domain/audit-log.ts). */
export interface AuditActor {
  uid: string;
  email: string;
}

/** One entry to write: `at` is the server's time. */
export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  target: { collection: string; id: string };
  /** One Italian line for the 'Registro' view. */
  summary: string;
  /** The fields the action changed, before and after (null when nothing existed or nothing remains). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The actor of a verified admin ID token (netlify/lib/platform/admin-auth.ts). */
export function adminActor(token: DecodedIdToken): AuditActor {
  return { uid: token.uid, email: token.email ?? token.uid };
}

/** What writes an entry: the action's transaction, or a batch when the action writes nothing else. */
export interface AuditWriter {
  create(ref: DocumentReference, data: DocumentData): unknown;
}

/** Adds `entry` to the audit log through `writer` (the action's transaction or batch), under a new id; returns the id. */
export function recordAudit(db: Firestore, writer: AuditWriter, entry: AuditEntry): string {
  const ref = db.collection(COLLECTION.auditLog).doc();
  writer.create(ref, { id: ref.id, at: FieldValue.serverTimestamp(), ...entry });
  return ref.id;
}

import { collection, getDocs, limit, orderBy, query, startAfter, where, type QueryConstraint } from 'firebase/firestore/lite';
import type { AuditAction, AuditEntryDocument } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { converterOf, readDocuments, type ListPage, type PageCursor } from '@/lib/db/documents';
import { getFirebase } from '@/lib/firebase';

/** Entries per page of the 'Registro' view. */
export const AUDIT_PAGE_SIZE = 50;

/** Where the next page starts: the last entry read. */
export type AuditCursor = PageCursor<AuditEntryDocument>;

/** One page of the audit log: its entries newest first. */
export type AuditPage = ListPage<AuditEntryDocument, AuditEntryDocument>;

/**
 * Reads one page of the audit log (docs/security.md, "Audit log"): at most
 * {@link AUDIT_PAGE_SIZE} entries of `action` (every action when null),
 * newest first (`at` desc), after `after`. One bounded query; needs a
 * signed-in admin (the rules let admins read `audit_log`).
 * @throws FirebaseError when Firestore refuses or cannot be reached.
 */
export async function fetchAuditPage(action: AuditAction | null, after: AuditCursor | null): Promise<AuditPage> {
  const entries = collection(getFirebase().db, COLLECTION.auditLog).withConverter(converterOf(COLLECTION.auditLog));
  const constraints: QueryConstraint[] = [
    ...(action ? [where('action', '==', action)] : []),
    orderBy('at', 'desc'),
    ...(after ? [startAfter(after)] : []),
    limit(AUDIT_PAGE_SIZE),
  ];
  const snapshot = await getDocs(query(entries, ...constraints));
  const read = readDocuments(snapshot.docs);
  return {
    rows: read.documents,
    unreadable: read.invalid.map((error) => error.path),
    next: snapshot.docs.length === AUDIT_PAGE_SIZE ? (snapshot.docs.at(-1) ?? null) : null,
  };
}

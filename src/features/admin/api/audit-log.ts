import {
  collection,
  getCount,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type DocumentData,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore/lite';
import type { AuditAction } from '@domain/audit-log';
import { COLLECTION, type AuditEntryDocument } from '@domain/documents';
import { converterOf, readDocuments } from '@/lib/db/documents';
import { getFirebase } from '@/lib/firebase';

/** Entries per page of the 'Registro' view. */
export const AUDIT_PAGE_SIZE = 50;

/** Where the next page starts: the last entry read. */
export type AuditCursor = QueryDocumentSnapshot<AuditEntryDocument, DocumentData>;

/** One page of the audit log: its entries newest first, the paths it could not read, the next page's cursor (null: last). */
export interface AuditPage {
  entries: AuditEntryDocument[];
  unreadable: string[];
  next: AuditCursor | null;
}

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
    entries: read.documents,
    unreadable: read.invalid.map((error) => error.path),
    next: snapshot.docs.length === AUDIT_PAGE_SIZE ? (snapshot.docs.at(-1) ?? null) : null,
  };
}

/**
 * How many e-mails the outbox gave up (audit entries 'mail.failed',
 * docs/architecture.md, "E-mail"): one count aggregation, for the notice on
 * the admin's home.
 * @throws FirebaseError when Firestore refuses or cannot be reached.
 */
export async function fetchFailedMailCount(): Promise<number> {
  const entries = collection(getFirebase().db, COLLECTION.auditLog);
  const snapshot = await getCount(query(entries, where('action', '==', 'mail.failed' satisfies AuditAction)));
  return snapshot.data().count;
}

/**
 * The newest 'Limite e-mail raggiunto' entry (`mail.budget`, written once a
 * day per cap by the outbox: docs/architecture.md, "E-mail"), or null: one
 * bounded query, for the notice on the admin's home.
 * @throws FirebaseError when Firestore refuses or cannot be reached.
 */
export async function fetchLatestMailBudgetEntry(): Promise<AuditEntryDocument | null> {
  const entries = collection(getFirebase().db, COLLECTION.auditLog).withConverter(converterOf(COLLECTION.auditLog));
  const snapshot = await getDocs(
    query(entries, where('action', '==', 'mail.budget' satisfies AuditAction), orderBy('at', 'desc'), limit(1)),
  );
  return readDocuments(snapshot.docs).documents[0] ?? null;
}

import { collection, getCount, getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import type { AuditAction, AuditEntryDocument } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { converterOf, readDocuments } from '@/lib/db/documents';
import { getFirebase } from '@/lib/firebase';

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

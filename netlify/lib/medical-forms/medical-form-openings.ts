import type { Firestore } from 'firebase-admin/firestore';
import { AUDIT_ACTION, auditEntryDocument } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { readAllSnapshots } from '../platform/snapshots';

/** The newest openings answered; a form opened more often than this shows the latest. */
const OPENINGS_SHOWN = 100;

/**
 * Who opened the medical forms of `childId` and when, newest first, at most
 * 100 (docs/privacy.md, "Who opened a form"): the audit log's
 * 'medical_form.open' entries of the child, one equality query on two fields
 * (no composite index). An entry that does not match its schema is left out.
 */
export async function readMedicalFormOpenings(db: Firestore, childId: string): Promise<{ at: Date; by: string }[]> {
  const entries = await db
    .collection(COLLECTION.auditLog)
    .where('target.id', '==', childId)
    .where('action', '==', AUDIT_ACTION.medicalFormOpen)
    .get();
  return readAllSnapshots(auditEntryDocument, entries.docs)
    .map((entry) => ({ at: entry.at, by: entry.actor.email }))
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, OPENINGS_SHOWN);
}

import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { admissionSettingsDocument } from '@domain/admissions/admission-schema';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { runTransaction } from '../platform/firestore';
import { readSnapshot } from '../platform/snapshots';

/**
 * The group's order of the waiting list (docs/admin.md, "Lista d'attesa"):
 * by the moment each application joined, with brothers and sisters of
 * children in the group first when the group says so.
 */

/** What orders the list (waitingOrder, src/domain/admissions/admission.ts). */
export interface AdmissionOrder {
  siblingsFirst: boolean;
}

const settingsRef = (db: Firestore) => db.collection(COLLECTION.admissionSettings).doc('list');

/** The group's order, read in `transaction` when given; none saved: by date alone. */
export async function readAdmissionOrder(db: Firestore, transaction?: Transaction): Promise<AdmissionOrder> {
  const snapshot = transaction ? await transaction.get(settingsRef(db)) : await settingsRef(db).get();
  return { siblingsFirst: readSnapshot(admissionSettingsDocument, snapshot)?.siblings_first ?? false };
}

/** Sets 'Fratelli e sorelle prima' to `siblingsFirst`, by `actor`, audited; the same value again writes nothing. */
export async function setAdmissionOrder(db: Firestore, { siblingsFirst, actor }: { siblingsFirst: boolean; actor: AuditActor }) {
  await runTransaction(db, async (transaction) => {
    const before = await readAdmissionOrder(db, transaction);
    if (before.siblingsFirst === siblingsFirst) return;
    transaction.set(settingsRef(db), { siblings_first: siblingsFirst, updated_at: Timestamp.now(), updated_by: actor.email });
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.admissionSettings,
      target: { collection: COLLECTION.admissionSettings, id: 'list' },
      summary: siblingsFirst
        ? "Lista d'attesa: fratelli e sorelle di chi è nel gruppo prima degli altri"
        : "Lista d'attesa: solo nell'ordine delle domande",
      before: { siblings_first: before.siblingsFirst },
      after: { siblings_first: siblingsFirst },
    });
  });
}

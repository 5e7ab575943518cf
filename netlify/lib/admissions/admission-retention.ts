import type { Firestore } from 'firebase-admin/firestore';
import { AUDIT_ACTION, SYSTEM_ACTOR } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { admissionApplicationDocument, type AdmissionApplicationDocument } from '@domain/admissions/admission-schema';
import { recordAudit } from '../platform/audit-log';
import { readAllSnapshots } from '../platform/snapshots';

/**
 * The waiting list's retention (docs/privacy.md, "The waiting list"): an
 * application leaves the list with the child admitted into the roster
 * (`accepted`), with the Comunità capi's 'Non ammesso', or unanswered
 * 'Confermi l'interesse?' (`lapsed`), and is deleted
 * `days` after that, by 'sistema'.
 */

/** Applications deleted per batch: well under Firestore's 500 writes. */
const PER_BATCH = 200;

/** When `application` left the list, or null while it is on it (or only 'Rinviato'). */
function leftAt(application: AdmissionApplicationDocument): Date | null {
  if (application.state === 'accepted') return application.accepted_at ?? application.applied_at ?? application.created_at;
  if (application.state === 'lapsed') return application.lapsed_at ?? application.created_at;
  return application.decision?.outcome === 'Non ammesso' ? application.decision.recorded_at : null;
}

/**
 * Deletes the applications that left the list more than `days` before `now`,
 * with one audit entry per batch (how many, never who).
 * @returns how many were deleted.
 */
export async function deleteLeftApplications(db: Firestore, now: Date, days: number): Promise<number> {
  const cutoff = now.getTime() - days * 24 * 60 * 60_000;
  const applications = readAllSnapshots(admissionApplicationDocument, (await db.collection(COLLECTION.admissionApplications).get()).docs);
  const due = applications.filter((application) => (leftAt(application)?.getTime() ?? Infinity) <= cutoff);
  for (let start = 0; start < due.length; start += PER_BATCH) {
    const batch = db.batch();
    const part = due.slice(start, start + PER_BATCH);
    for (const application of part) batch.delete(db.collection(COLLECTION.admissionApplications).doc(application.id));
    recordAudit(db, batch, {
      actor: SYSTEM_ACTOR,
      action: AUDIT_ACTION.admissionRetention,
      target: { collection: COLLECTION.admissionApplications, id: 'retention' },
      summary: `Pulizia lista d'attesa: ${part.length} ${part.length === 1 ? 'domanda eliminata' : 'domande eliminate'} ${days} giorni dopo l'uscita dalla lista`,
      before: { count: part.length },
      after: null,
    });
    await batch.commit();
  }
  return due.length;
}

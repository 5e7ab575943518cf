import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { AUDIT_ACTION } from '../../src/domain/audit-log';
import { childDocument, COLLECTION, type ChildDocument } from '../../src/domain/documents';
import { recordAudit, type AuditActor } from './audit-log';
import { destroyMedicalForm, legacyMedicalForm, type CloudinarySettings } from './cloudinary';
import { readSnapshot } from './documents';
import { runTransaction } from './firestore';

/** What a deletion removed: per season, the children whose forms went and how many files. */
export type DeletedForms = Map<number, { children: number; files: number }>;

/** A child's forms, the one recorded before the history included, each with its season (legacyMedicalForm). */
export function recordedMedicalForms(settings: CloudinarySettings, child: ChildDocument) {
  const legacy = legacyMedicalForm(settings, child);
  return legacy ? [legacy] : child.medical_forms;
}

/**
 * Deletes the medical forms of the seasons `isDeleted` selects
 * (docs/privacy.md, "Retention"): for each child holding a form
 * (`medical_doc` not empty, one query), the files from Cloudinary first,
 * then, in one transaction per child, their entries from
 * `sons.medical_forms` (`medical_doc` emptied when none is left) and an
 * `audit_log` entry 'medical_form.delete' by `actor`. Files go before the
 * record so no file outlives its record; a run stopped half-way is finished
 * by the next (a file already gone counts as deleted), and two runs at once
 * remove and audit each form once.
 * @throws Error when Cloudinary cannot be reached (what was done stays done).
 */
export async function deleteMedicalForms(
  db: Firestore,
  settings: CloudinarySettings,
  isDeleted: (season: number) => boolean,
  actor: AuditActor,
): Promise<DeletedForms> {
  const deleted: DeletedForms = new Map();
  const holders = await db.collection(COLLECTION.sons).where('medical_doc', '!=', '').get();
  for (const snapshot of holders.docs) {
    const child = readSnapshot(childDocument, snapshot);
    if (!child) continue;
    const due = recordedMedicalForms(settings, child).filter((form) => isDeleted(form.season));
    if (due.length === 0) continue;
    for (const form of due) await destroyMedicalForm(settings, form.public_id);
    const removed = await runTransaction(db, async (transaction) => {
      const current = readSnapshot(childDocument, await transaction.get(snapshot.ref));
      if (!current) return [];
      const forms = recordedMedicalForms(settings, current);
      const gone = forms.filter((form) => isDeleted(form.season));
      if (gone.length === 0) return [];
      const kept = forms.filter((form) => !isDeleted(form.season));
      transaction.update(snapshot.ref, {
        medical_forms: kept,
        ...(kept.length === 0 ? { medical_doc: '' } : {}),
        updated_at: FieldValue.serverTimestamp(),
      });
      const seasons = [...new Set(gone.map((form) => form.season))].sort();
      recordAudit(db, transaction, {
        actor,
        action: AUDIT_ACTION.medicalFormDelete,
        target: { collection: COLLECTION.sons, id: current.id },
        summary: `Schede mediche di ${current.name} ${current.surname} eliminate (stagione ${seasons.join(', ')}: ${gone.length})`,
        before: { public_ids: gone.map((form) => form.public_id) },
        after: null,
      });
      return gone;
    });
    for (const season of new Set(removed.map((form) => form.season))) {
      const total = deleted.get(season) ?? { children: 0, files: 0 };
      total.children += 1;
      total.files += removed.filter((form) => form.season === season).length;
      deleted.set(season, total);
    }
  }
  return deleted;
}

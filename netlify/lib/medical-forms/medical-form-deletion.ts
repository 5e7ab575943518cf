import { FieldValue, type DocumentReference, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { AUDIT_ACTION, SYSTEM_ACTOR } from '@domain/audit-log';
import { childDocument, type ChildDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import type { CloudinarySettings } from '../platform/cloudinary';
import { destroyMedicalForm, legacyMedicalForm } from './medical-form-files';
import { readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';

/** What a deletion removed: per season, the children whose forms went and how many files. */
export type DeletedForms = Map<number, { children: number; files: number }>;

/**
 * A child (or a Cloudinary folder) a run could not handle, and why: the run
 * goes on with the others, logs it, and the admin sees it
 * (docs/privacy.md, "Retention").
 */
export interface RetentionFailure {
  /** The document's path ('sons/{id}') or, for a folder that could not be listed, the folder. */
  target: string;
  /** The child's name as stored, '' when it cannot be read. */
  name: string;
  /** What went wrong (the error's message, at most 300 characters). */
  error: string;
}

/** What {@link deleteMedicalForms} did: the forms deleted, and the children it could not handle. */
export interface DeletionRun {
  deleted: DeletedForms;
  failures: RetentionFailure[];
}

/** A child's forms, the one recorded before the history included, each with its season (legacyMedicalForm). */
export function recordedMedicalForms(settings: CloudinarySettings, child: ChildDocument) {
  const legacy = legacyMedicalForm(settings, child);
  return legacy ? [legacy] : child.medical_forms;
}

/** The failure of `target`: the error's message, and the stored name when `snapshot` has one (even a malformed document's). */
export function retentionFailure(target: string, error: unknown, snapshot?: DocumentSnapshot): RetentionFailure {
  const name = [snapshot?.get('name'), snapshot?.get('surname')].filter((part) => typeof part === 'string' && part !== '').join(' ');
  const message = error instanceof Error ? error.message : String(error);
  return { target, name, error: message.slice(0, 300) };
}

/**
 * Writes a form recorded before the history was kept (a `medical_doc`, no
 * `medical_forms`) into `medical_forms` once, with the season
 * legacyMedicalForm reads from `updated_at` now: from then on its season is
 * stored, not read again from an `updated_at` that any later change of the
 * child moves on (docs/data-model.md, "Medical forms"). In a transaction:
 * a child already migrated, or given a new form meanwhile, is left as it
 * is. `updated_at` is not touched.
 */
async function pinLegacyForm(db: Firestore, settings: CloudinarySettings, ref: DocumentReference): Promise<void> {
  await runTransaction(db, async (transaction) => {
    const current = readSnapshot(childDocument, await transaction.get(ref));
    const legacy = current ? legacyMedicalForm(settings, current) : null;
    if (legacy) transaction.update(ref, { medical_forms: [legacy] });
  });
}

/**
 * Deletes one child's forms of the seasons `isDeleted` selects: the files
 * from Cloudinary first, then, in one transaction, their entries and the
 * audit entry. Returns the forms removed.
 * @throws InvalidDocumentError for a malformed child, Error when Cloudinary fails.
 */
async function deleteChildForms(
  db: Firestore,
  settings: CloudinarySettings,
  snapshot: DocumentSnapshot,
  isDeleted: (season: number) => boolean,
  actor: AuditActor,
) {
  const child = readSnapshot(childDocument, snapshot);
  if (!child) return [];
  if (legacyMedicalForm(settings, child)) await pinLegacyForm(db, settings, snapshot.ref);
  const due = recordedMedicalForms(settings, child).filter((form) => isDeleted(form.season));
  if (due.length === 0) return [];
  for (const form of due) await destroyMedicalForm(settings, form.public_id);
  return runTransaction(db, async (transaction) => {
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
}

/**
 * Deletes the medical forms of the seasons `isDeleted` selects
 * (docs/privacy.md, "Retention"): for each child holding a form
 * (`medical_doc` not empty, one query), a form recorded before the history
 * first gets its season stored (pinLegacyForm); then the due files go from
 * Cloudinary first, then, in one transaction per child, their entries from
 * `sons.medical_forms` (`medical_doc` emptied when none is left) and an
 * `audit_log` entry 'medical_form.delete' by `actor`. Files go before the
 * record so no file outlives its record; a run stopped half-way is finished
 * by the next (a file already gone counts as deleted), and two runs at once
 * remove and audit each form once. Each child is handled on its own: a
 * malformed document or a Cloudinary error is logged, returned in
 * `failures`, and the run goes on with the next child.
 */
export async function deleteMedicalForms(
  db: Firestore,
  settings: CloudinarySettings,
  isDeleted: (season: number) => boolean,
  actor: AuditActor,
): Promise<DeletionRun> {
  const deleted: DeletedForms = new Map();
  const failures: RetentionFailure[] = [];
  const holders = await db.collection(COLLECTION.sons).where('medical_doc', '!=', '').get();
  for (const snapshot of holders.docs) {
    let removed: Awaited<ReturnType<typeof deleteChildForms>>;
    try {
      removed = await deleteChildForms(db, settings, snapshot, isDeleted, actor);
    } catch (error) {
      const failure = retentionFailure(snapshot.ref.path, error, snapshot);
      console.error(`medical-form deletion: ${failure.target} not handled: ${failure.error}`);
      failures.push(failure);
      continue;
    }
    for (const season of new Set(removed.map((form) => form.season))) {
      const total = deleted.get(season) ?? { children: 0, files: 0 };
      total.children += 1;
      total.files += removed.filter((form) => form.season === season).length;
      deleted.set(season, total);
    }
  }
  return { deleted, failures };
}

/** What a day's retention did (medical-form-retention): the forms due deleted, the uploads nobody recorded deleted, and the failures. */
export interface RetentionRun {
  deleted: DeletedForms;
  /** Full public ids of the files no record pointed to (medical-form-orphans.ts). */
  orphans: string[];
  failures: RetentionFailure[];
}

/** At most this many failures and files are named in the run's audit entry. */
const MAX_LISTED = 1000;

/** 'Marco Rossi (sons/son-rossi-marco)', or the target alone. */
const failureLabel = (failure: RetentionFailure) => (failure.name ? `${failure.name} (${failure.target})` : failure.target);

/** The run's one line in 'Registro' (Italian). */
function retentionSummary(run: RetentionRun): string {
  const parts: string[] = [];
  const orphans = run.orphans.length;
  if (orphans > 0) parts.push(orphans === 1 ? '1 file mai registrato eliminato' : `${orphans} file mai registrati eliminati`);
  const failed = run.failures.length;
  if (failed > 0) {
    const named = run.failures.slice(0, 5).map(failureLabel).join(', ');
    parts.push(`${failed === 1 ? '1 non elaborato' : `${failed} non elaborati`} (${named}${failed > 5 ? ', …' : ''}): si riprova domani`);
  }
  if (parts.length === 0) parts.push('tutto elaborato di nuovo');
  return `Pulizia automatica delle schede mediche: ${parts.join('; ')}`;
}

/**
 * Records a day's retention in the audit log (docs/privacy.md,
 * "Retention"): one entry 'medical_form.retention' by 'sistema' when it
 * deleted uploads nobody recorded (`before.public_ids`) or could not handle
 * a child or a folder (`after.failures`: target, name, error), and one
 * more, 'tutto elaborato di nuovo', at the first run without failures after
 * one with: 'Schede mediche' shows the admin the failures of the last entry
 * (RetentionRunNotice). Nothing on an ordinary day. Returns the entry's id,
 * or null when none was written.
 */
export async function recordRetentionRun(db: Firestore, run: RetentionRun): Promise<string | null> {
  const last = await db
    .collection(COLLECTION.auditLog)
    .where('action', '==', AUDIT_ACTION.medicalFormRetention)
    .orderBy('at', 'desc')
    .limit(1)
    .get();
  const lastFailures: unknown = last.docs[0]?.get('after.failures');
  const lastFailed = Array.isArray(lastFailures) && lastFailures.length > 0;
  if (run.orphans.length === 0 && run.failures.length === 0 && !lastFailed) return null;
  const batch = db.batch();
  const id = recordAudit(db, batch, {
    actor: SYSTEM_ACTOR,
    action: AUDIT_ACTION.medicalFormRetention,
    target: { collection: COLLECTION.sons, id: 'medical-form-retention' },
    summary: retentionSummary(run),
    before: run.orphans.length > 0 ? { public_ids: run.orphans.slice(0, MAX_LISTED), count: run.orphans.length } : null,
    after: {
      failures: run.failures.slice(0, MAX_LISTED),
      deleted: [...run.deleted].map(([season, counts]) => ({ season, ...counts })),
    },
  });
  await batch.commit();
  return id;
}

import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { SEASON } from '@config/season';
import { COLLECTION } from '@domain/collections';
import { seasonSettingsDocument } from '@domain/season/season-settings-schema';
import { defaultMedicalFormSettings } from '@domain/medical-forms/medical-form-settings';
import { uploadChildId } from '@domain/medical-forms/medical-form';
import type { CloudinarySettings } from '../platform/cloudinary';
import {
  destroyFolderFile,
  listFolderFiles,
  MEDICAL_FORM_RESOURCE_TYPE,
  medicalFormPublicIdFromUrl,
  type FolderFile,
} from './medical-form-files';
import { readSnapshot } from '../platform/snapshots';
import { retentionFailure, type RetentionFailure } from './medical-form-deletion';

/**
 * Medical form files no record points to (docs/privacy.md, "Retention"):
 * an upload get-signature signed and the browser sent, but that
 * record-medical-form never recorded (the tab closed, the consent refused,
 * a file over 10 MB). The daily retention lists each season's folder in
 * Cloudinary and deletes them once they are a day old.
 */

/**
 * How old an upload nobody recorded must be before it is deleted: a day.
 * record-medical-form accepts an upload for an hour only
 * (UPLOAD_ANSWER_MAX_AGE_SECONDS, netlify/lib/medical-forms/medical-form-files.ts), so a file this old can never be recorded
 * any more, and deleting it never races a parent's upload.
 */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/** Children read per batched get. */
const CHILDREN_PER_READ = 300;

/** What a sweep did: the files it deleted (full public ids), and the folders or files it could not handle. */
export interface OrphanSweep {
  deleted: string[];
  failures: RetentionFailure[];
}

/**
 * The public ids a stored child points to (`medical_forms[].public_id` and
 * `medical_doc`'s), read without the child's schema, so a malformed child's
 * files are still known. Null when a field cannot be read at all: then none
 * of the child's files is deleted.
 */
function referencedIds(settings: CloudinarySettings, data: DocumentData | undefined): Set<string> | null {
  const ids = new Set<string>();
  if (!data) return ids;
  const forms: unknown = data.medical_forms ?? [];
  const doc: unknown = data.medical_doc ?? '';
  if (!Array.isArray(forms) || typeof doc !== 'string') return null;
  for (const form of forms) {
    const id: unknown = (form as { public_id?: unknown } | null)?.public_id;
    if (typeof id !== 'string') return null;
    ids.add(id);
  }
  if (doc !== '') {
    const id = medicalFormPublicIdFromUrl(settings, doc);
    if (!id) return null;
    ids.add(id);
  }
  return ids;
}

/**
 * Deletes, from each of `folders`, the uploads no child points to that are
 * older than {@link ORPHAN_GRACE_MS} at `now`: the folder is listed by
 * prefix, every resource type (listFolderFiles); a file named as an upload
 * of a child (`{folder}/{childId}/{unix seconds}-{8 hex}`, uploadChildId)
 * is kept while it is an image that child's document names in
 * `medical_forms` or `medical_doc`, or while the document cannot be read
 * (referencedIds); a child that no longer exists points to nothing, and a
 * file of another resource type (the signed parameters posted elsewhere) is
 * never a recorded form. Files of any other name (forms of before the history) are never
 * touched. A folder that cannot be listed, or a file that cannot be
 * deleted, is logged and returned in `failures`; the sweep goes on.
 * Returns the files this call removed (two sweeps at once list each once).
 */
export async function deleteOrphanForms(
  db: Firestore,
  settings: CloudinarySettings,
  folders: readonly string[],
  now: Date,
): Promise<OrphanSweep> {
  const sweep: OrphanSweep = { deleted: [], failures: [] };
  const fail = (target: string, error: unknown) => {
    const failure = retentionFailure(target, error);
    console.error(`medical-form orphans: ${failure.target} not handled: ${failure.error}`);
    sweep.failures.push(failure);
  };
  for (const folder of new Set(folders)) {
    let files: FolderFile[];
    try {
      files = await listFolderFiles(settings, folder);
    } catch (error) {
      fail(folder, error);
      continue;
    }
    const candidates = files.flatMap((file) => {
      const childId = uploadChildId(file.public_id, folder);
      return childId && now.getTime() - file.created_at.getTime() >= ORPHAN_GRACE_MS ? [{ ...file, childId }] : [];
    });
    const childIds = [...new Set(candidates.map((file) => file.childId))];
    const referenced = new Map<string, Set<string> | null>();
    try {
      for (let start = 0; start < childIds.length; start += CHILDREN_PER_READ) {
        const refs = childIds.slice(start, start + CHILDREN_PER_READ).map((id) => db.collection(COLLECTION.sons).doc(id));
        for (const snapshot of await db.getAll(...refs)) referenced.set(snapshot.id, referencedIds(settings, snapshot.data()));
      }
    } catch (error) {
      fail(folder, error);
      continue;
    }
    for (const file of candidates) {
      const ids = referenced.get(file.childId);
      if (!ids || (file.resourceType === MEDICAL_FORM_RESOURCE_TYPE && ids.has(file.public_id))) continue;
      try {
        if (await destroyFolderFile(settings, file)) sweep.deleted.push(file.public_id);
      } catch (error) {
        fail(file.public_id, error);
      }
    }
  }
  return sweep;
}

/**
 * The Cloudinary folders the sweep lists: each season's medical-form
 * folder (`season_settings.medical_form.folder`, else the spec's,
 * defaultMedicalFormSettings) and the folders it was kept in before a
 * rename (`medical_form_former_folders`) of every season with settings, and of this
 * season and the one before even without. A settings document that cannot
 * be read adds nothing (its season's default folder is still listed).
 */
export async function medicalFormFolders(db: Firestore): Promise<string[]> {
  const folders = new Set([SEASON.campYear - 1, SEASON.campYear].map((season) => defaultMedicalFormSettings(season).folder));
  for (const snapshot of (await db.collection(COLLECTION.seasonSettings).get()).docs) {
    try {
      const settings = readSnapshot(seasonSettingsDocument, snapshot);
      if (!settings) continue;
      folders.add((settings.medical_form ?? defaultMedicalFormSettings(settings.season)).folder);
      for (const folder of settings.medical_form_former_folders) folders.add(folder);
    } catch (error) {
      console.error(`medical-form orphans: ${snapshot.ref.path} not read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return [...folders];
}

import type { Config } from '@netlify/functions';
import { PRIVACY } from '@config/privacy';
import { SYSTEM_ACTOR } from '@domain/audit-log';
import { isMedicalFormDeletionDue } from '@domain/medical-forms/medical-form-retention';
import { requireCloudinary } from '../lib/platform/cloudinary';
import { getDb } from '../lib/platform/firestore';
import { jsonResponse, responseForError } from '../lib/platform/http';
import { deleteMedicalForms, recordRetentionRun } from '../lib/medical-forms/medical-form-deletion';
import { deleteOrphanForms, medicalFormFolders } from '../lib/medical-forms/medical-form-orphans';

/**
 * The medical forms' retention (Netlify Scheduled Functions, daily;
 * docs/privacy.md, "Retention"):
 * - deletes, from Cloudinary and from the children's records, the forms of
 *   every season whose deletion day (`medicalFormRetentionDays` after
 *   `seasonEnds`, group.config.json) has come, each child's deletion
 *   audited by 'sistema' (deleteMedicalForms; a form of before the history
 *   first gets its season stored);
 * - lists each season's folder in Cloudinary and deletes the uploads no
 *   record points to, a day after they were uploaded (deleteOrphanForms);
 * - records the run when it deleted such files or could not handle a child
 *   or a folder (recordRetentionRun): one child's failure is logged and the
 *   run goes on with the others.
 * Answers 200 `{ deleted: [{ season, children, files }], orphans, failures:
 * [{ target, name, error }] }`; 503 without Cloudinary or Firebase settings.
 */
export default async function medicalFormRetention(): Promise<Response> {
  try {
    const at = new Date();
    const db = getDb();
    const settings = requireCloudinary();
    const forms = await deleteMedicalForms(db, settings, (season) => isMedicalFormDeletionDue(season, PRIVACY, at), SYSTEM_ACTOR);
    const orphans = await deleteOrphanForms(db, settings, await medicalFormFolders(db), at);
    const run = { deleted: forms.deleted, orphans: orphans.deleted, failures: [...forms.failures, ...orphans.failures] };
    await recordRetentionRun(db, run);
    const seasons = [...run.deleted].map(([season, counts]) => ({ season, ...counts }));
    const answer = { deleted: seasons, orphans: run.orphans.length, failures: run.failures };
    if (seasons.length > 0 || run.orphans.length > 0 || run.failures.length > 0)
      console.log(`medical-form-retention: ${JSON.stringify(answer)}`);
    return jsonResponse(200, answer);
  } catch (error) {
    return responseForError(error, 'medical-form-retention');
  }
}

export const config: Config = { schedule: '@daily' };

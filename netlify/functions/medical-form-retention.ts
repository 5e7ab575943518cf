import type { Config } from '@netlify/functions';
import { PRIVACY } from '../../src/config/privacy';
import { SYSTEM_ACTOR } from '../../src/domain/audit-log';
import { isMedicalFormDeletionDue } from '../../src/domain/medical-form-retention';
import { requireCloudinary } from '../lib/cloudinary';
import { getDb } from '../lib/firestore';
import { jsonResponse, responseForError } from '../lib/http';
import { deleteMedicalForms } from '../lib/medical-form-deletion';

/**
 * The medical forms' retention (Netlify Scheduled Functions, daily;
 * docs/privacy.md, "Retention"): deletes, from Cloudinary and from the
 * children's records, the forms of every season whose deletion day
 * (`medicalFormRetentionDays` after `seasonEnds`, group.config.json) has
 * come, each child's deletion audited by 'sistema'. Answers 200
 * `{ deleted: [{ season, children, files }] }`; 503 without Cloudinary or
 * Firebase settings.
 */
export default async function medicalFormRetention(): Promise<Response> {
  try {
    const at = new Date();
    const deleted = await deleteMedicalForms(
      getDb(),
      requireCloudinary(),
      (season) => isMedicalFormDeletionDue(season, PRIVACY, at),
      SYSTEM_ACTOR,
    );
    const seasons = [...deleted].map(([season, counts]) => ({ season, ...counts }));
    if (seasons.length > 0) console.log(`medical-form-retention: ${JSON.stringify(seasons)}`);
    return jsonResponse(200, { deleted: seasons });
  } catch (error) {
    return responseForError(error, 'medical-form-retention');
  }
}

export const config: Config = { schedule: '@daily' };

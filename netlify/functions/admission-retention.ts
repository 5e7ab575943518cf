import type { Config } from '@netlify/functions';
import { PRIVACY } from '@config/privacy';
import { deleteLeftApplications } from '../lib/admissions/admission-retention';
import { getDb } from '../lib/platform/firestore';
import { jsonResponse, responseForError } from '../lib/platform/http';

/**
 * The waiting list's retention (Netlify Scheduled Functions, daily;
 * docs/privacy.md, "The waiting list"): deletes the applications that left
 * the list `admissionRetentionDays` ago (group.config.json), audited by
 * 'sistema' (deleteLeftApplications). Answers 200 `{ deleted }`; 503 without Firebase settings.
 */
export default async function admissionRetention(): Promise<Response> {
  try {
    const deleted = await deleteLeftApplications(getDb(), new Date(), PRIVACY.admissionRetentionDays);
    if (deleted > 0) console.log(`admission-retention: ${deleted} applications deleted`);
    return jsonResponse(200, { deleted });
  } catch (error) {
    return responseForError(error, 'admission-retention');
  }
}

export const config: Config = { schedule: '@daily' };

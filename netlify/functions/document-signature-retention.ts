import type { Config } from '@netlify/functions';
import { PRIVACY } from '@config/privacy';
import { lastExpiredSignatureSeason } from '@domain/documents/signature-retention';
import { getDb } from '../lib/platform/firestore';
import { jsonResponse, responseForError } from '../lib/platform/http';
import { deleteExpiredSignatures } from '../lib/documents/signature-retention';

/**
 * The signatures' retention (Netlify Scheduled Functions, daily;
 * docs/privacy.md, "Signatures"): deletes the `document_signatures` of every
 * season whose time has come (`signatureRetentionYears` after `seasonEnds`,
 * group.config.json: lastExpiredSignatureSeason), audited by 'sistema'
 * (deleteExpiredSignatures). A function of its own, beside
 * medical-form-retention, so a Cloudinary failure there never keeps a
 * signature past its time. Answers 200 `{ upToSeason, deleted: [{ season,
 * signatures }] }`; 503 without Firebase settings.
 */
export default async function documentSignatureRetention(): Promise<Response> {
  try {
    const upToSeason = lastExpiredSignatureSeason(PRIVACY, new Date());
    const deleted = await deleteExpiredSignatures(getDb(), upToSeason, PRIVACY.signatureRetentionYears);
    const answer = { upToSeason, deleted: [...deleted].map(([season, signatures]) => ({ season, signatures })) };
    if (answer.deleted.length > 0) console.log(`document-signature-retention: ${JSON.stringify(answer)}`);
    return jsonResponse(200, answer);
  } catch (error) {
    return responseForError(error, 'document-signature-retention');
  }
}

export const config: Config = { schedule: '@daily' };

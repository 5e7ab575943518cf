import type { Config } from '@netlify/functions';
import { FieldValue } from 'firebase-admin/firestore';
import { z } from 'zod';
import { COLLECTION } from '../../src/domain/documents';
import {
  childIdField,
  checkUploadAnswer,
  medicalFormDeliveryUrl,
  MEDICAL_FORM_MESSAGES,
  requireCloudinary,
  resolveMedicalFormChild,
} from '../lib/cloudinary';
import { getDb } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { cfField, parseBody } from '../lib/order-request';

const malformed = { error: MEDICAL_FORM_MESSAGES.malformedUpload };

const bodySchema = z.object({
  cf: cfField,
  childId: childIdField,
  upload: z.object(
    {
      public_id: z.string(malformed).min(1, malformed).max(512, malformed),
      version: z.number(malformed).int(malformed).positive(malformed),
      signature: z.string(malformed).regex(/^[0-9a-f]{40,64}$/, malformed),
    },
    malformed,
  ),
});

/**
 * POST /.netlify/functions/record-medical-form `{ cf, childId, upload: {
 * public_id, version, signature } }` (docs/api.md, "Medical form"), called
 * with the fields of Cloudinary's answer after the upload that
 * get-signature signed. Checks the parent's code, the family, the child and
 * its eligibility as get-signature does; checks that `upload.public_id` is
 * the child's own `{SEASON.medicalFormFolder}/Scheda-Medica_{surname}-{name}`;
 * checks Cloudinary's response signature with the SDK and that the version
 * (the upload's Unix time) is at most an hour old; then sets
 * `sons/{childId}.medical_doc` to the file's authenticated delivery URL and
 * `updated_at` to the server time. Answers 200 `{ uploaded: true }`.
 * Errors `{ error }` in Italian, with nothing written: 400 for a malformed
 * body, an invalid fiscal code, a child of another family, another file, a
 * signature that does not verify or a stale upload; 403 for a child not
 * eligible; 404 for an unknown fiscal code; 405 for other methods; 503 when
 * Cloudinary (or Firebase) is not configured.
 */
export default jsonFunction('record-medical-form', async (body) => {
  const request = parseBody(bodySchema, body, MEDICAL_FORM_MESSAGES.malformedUpload);
  const settings = requireCloudinary();
  const db = getDb();
  const { child, folder, publicId } = await resolveMedicalFormChild(db, request.cf, request.childId);
  const { upload } = request;
  if (upload.public_id !== `${folder}/${publicId}`) throw new HttpError(400, MEDICAL_FORM_MESSAGES.wrongFile);
  const check = checkUploadAnswer(upload);
  if (check === 'forged') throw new HttpError(400, MEDICAL_FORM_MESSAGES.notVerified);
  if (check === 'stale') throw new HttpError(400, MEDICAL_FORM_MESSAGES.stale);
  await db
    .collection(COLLECTION.sons)
    .doc(child.id)
    .update({ medical_doc: medicalFormDeliveryUrl(settings, upload.public_id, upload.version), updated_at: FieldValue.serverTimestamp() });
  return jsonResponse(200, { uploaded: true });
});

/** Same limit as get-signature: one record per signed upload. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

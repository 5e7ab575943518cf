import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { childIdField, requireCloudinary, MEDICAL_FORM_MESSAGES, resolveMedicalFormChild, signMedicalFormUpload } from '../lib/cloudinary';
import { fiscalCodeFunction } from '../lib/fiscal-code-budget';
import { getDb } from '../lib/firestore';
import { jsonResponse } from '../lib/http';
import { cfField, parseBody } from '../lib/order-request';
import { requireSession } from '../lib/session';
import { spendUploadSignature } from '../lib/upload-signatures';

const bodySchema = z.object({ cf: cfField, childId: childIdField });

/**
 * POST /.netlify/functions/get-signature `{ cf, childId }` (docs/api.md,
 * "Medical form"). Checks the parent's fiscal code (normalised), finds the
 * family, checks that `childId` is one of its children and is eligible for
 * this season's medical form (docs/product.md), and signs with the
 * Cloudinary SDK an upload of type 'authenticated' (not publicly
 * downloadable) into the season's folder (SeasonSettings.medicalForm) under
 * a public id new at every upload, derived from the child's id
 * (`{childId}/{unix seconds}-{8 hex}`), PDF only (`allowed_formats`), with
 * the preset when configured. Answers 200 `{ upload_url, timestamp (Unix
 * seconds), signature, api_key, upload_preset ('' when none), folder,
 * public_id, type, allowed_formats }`: the browser posts the file and these
 * fields to `upload_url` (Cloudinary's image upload endpoint).
 * At most MAX_UPLOAD_SIGNATURES_PER_DAY signatures a child and a day
 * (spendUploadSignature), whoever asks.
 * Errors `{ error }` in Italian: 400 for a malformed body, an invalid fiscal
 * code or a child of another family, 403 for a child not eligible, 404 for
 * an unknown fiscal code, 405 for other methods, 429 once the child's
 * signatures of the day are spent (with Retry-After), 503 when
 * CLOUDINARY_CLOUD_NAME, CLOUDINARY_API_KEY or CLOUDINARY_API_SECRET (or
 * Firebase) is not configured.
 */
export default fiscalCodeFunction('get-signature', async (body, httpRequest) => {
  const session = await requireSession(httpRequest);
  const request = parseBody(bodySchema, body, MEDICAL_FORM_MESSAGES.malformed);
  const settings = requireCloudinary();
  const db = getDb();
  const { child, folder } = await resolveMedicalFormChild(db, session, request.cf, request.childId);
  await spendUploadSignature(db, child);
  return jsonResponse(200, signMedicalFormUpload(settings, { folder, childId: child.id }));
});

/**
 * At most 30 signatures a minute from one address on one domain: enough for
 * a large family with retries, not for walking fiscal codes.
 */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

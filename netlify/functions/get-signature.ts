import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { childIdField, requireCloudinary, MEDICAL_FORM_MESSAGES, resolveMedicalFormChild, signMedicalFormUpload } from '../lib/cloudinary';
import { getDb } from '../lib/firestore';
import { jsonFunction, jsonResponse } from '../lib/http';
import { cfField, parseBody } from '../lib/order-request';

const bodySchema = z.object({ cf: cfField, childId: childIdField });

/**
 * POST /.netlify/functions/get-signature `{ cf, childId }` (docs/api.md,
 * "Medical form"). Checks the parent's fiscal code (normalised), finds the
 * family, checks that `childId` is one of its children and is eligible for
 * this season's medical form (docs/product.md), derives the folder
 * (`SEASON.medicalFormFolder`) and the public id
 * ('Scheda-Medica_{surname}-{name}') on the server, and signs with the
 * Cloudinary SDK an upload of type 'authenticated' (not publicly
 * downloadable): folder, public_id, timestamp, type and, when configured,
 * upload_preset. Answers 200 `{ timestamp (Unix seconds), signature,
 * api_key, upload_preset ('' when none), folder, public_id, type }`.
 * Errors `{ error }` in Italian: 400 for a malformed body, an invalid fiscal
 * code or a child of another family, 403 for a child not eligible, 404 for
 * an unknown fiscal code, 405 for other methods, 503 when
 * CLOUDINARY_CLOUD_NAME, CLOUDINARY_API_KEY or CLOUDINARY_API_SECRET (or
 * Firebase) is not configured.
 */
export default jsonFunction('get-signature', async (body) => {
  const request = parseBody(bodySchema, body, MEDICAL_FORM_MESSAGES.malformed);
  const settings = requireCloudinary();
  const target = await resolveMedicalFormChild(getDb(), request.cf, request.childId);
  return jsonResponse(200, signMedicalFormUpload(settings, target));
});

/**
 * At most 30 signatures a minute from one address on one domain: enough for
 * a large family with retries, not for walking fiscal codes.
 */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { childDocument, COLLECTION } from '../../src/domain/documents';
import { requireAdmin } from '../lib/admin-auth';
import { childIdField, medicalFormPublicIdFromUrl, requireCloudinary, signedMedicalFormDownload } from '../lib/cloudinary';
import { readSnapshot } from '../lib/documents';
import { getDb } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { parseBody } from '../lib/order-request';

/** Italian messages of admin-medical-form. */
export const ADMIN_MEDICAL_FORM_MESSAGES = {
  malformed: 'Richiesta non valida: serve "childId".',
  notReceived: 'Nessuna scheda medica ricevuta per questo figlio.',
  unrecognised: 'La scheda medica registrata non è riconosciuta: va caricata di nuovo.',
} as const;

const bodySchema = z.object({ childId: childIdField });

/**
 * POST /.netlify/functions/admin-medical-form `{ childId }` with
 * `Authorization: Bearer <Firebase ID token>` (docs/api.md,
 * "admin-medical-form"; docs/admin-enrolment.md, "Opening a medical form"):
 * an admin opens a child's received medical form. Checks the token and its
 * `admin` claim (netlify/lib/admin-auth.ts), reads `sons/{childId}`, takes the
 * file's public id from the stored `medical_doc` URL and answers 200
 * `{ url, expiresAt }`: a signed Cloudinary download URL of the
 * authenticated PDF, valid 5 minutes, and its expiry (ISO 8601).
 * Errors `{ error }` in Italian: 400 for a malformed body, 401 'Accesso admin
 * richiesto.' without a valid token, 403 'Questo account non è un
 * amministratore.' without the claim, 404 'Nessuna scheda medica ricevuta per
 * questo figlio.' for an unknown child or an empty `medical_doc`, 409 when the
 * stored URL is not one of our files, 405 for other methods, 503 when
 * Cloudinary (or Firebase) is not configured. Reads one document; writes nothing.
 */
export default jsonFunction('admin-medical-form', async (body, request) => {
  await requireAdmin(request, 'admin-medical-form');
  const { childId } = parseBody(bodySchema, body, ADMIN_MEDICAL_FORM_MESSAGES.malformed);
  const settings = requireCloudinary();
  const child = readSnapshot(childDocument, await getDb().collection(COLLECTION.sons).doc(childId).get());
  if (!child || child.medical_doc === '') throw new HttpError(404, ADMIN_MEDICAL_FORM_MESSAGES.notReceived);
  const publicId = medicalFormPublicIdFromUrl(settings, child.medical_doc);
  if (!publicId) {
    console.error(`admin-medical-form: sons/${childId}.medical_doc is not a medical form URL of this account`);
    throw new HttpError(409, ADMIN_MEDICAL_FORM_MESSAGES.unrecognised);
  }
  const { url, expiresAt } = signedMedicalFormDownload(settings, publicId);
  return jsonResponse(200, { url, expiresAt: expiresAt.toISOString() });
});

/** An admin opens a few forms a minute; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

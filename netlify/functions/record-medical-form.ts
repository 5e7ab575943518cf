import type { Config } from '@netlify/functions';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { PRIVACY } from '@config/privacy';
import { SEASON } from '@config/season';
import { childDocument, COLLECTION } from '@domain/documents';
import { isUploadOfChild } from '@domain/medical-form';
import {
  childIdField,
  checkUploadAnswer,
  fetchStoredResource,
  isAcceptableForm,
  legacyMedicalForm,
  medicalFormDeliveryUrl,
  MEDICAL_FORM_MESSAGES,
  requireCloudinary,
  resolveMedicalFormChild,
} from '../lib/cloudinary';
import { readSnapshot } from '../lib/documents';
import { fiscalCodeFunction } from '../lib/fiscal-code-budget';
import { getDb, runTransaction } from '../lib/firestore';
import { HttpError, jsonResponse } from '../lib/http';
import { cfField, parseBody } from '../lib/order-request';
import { requireSession } from '../lib/session';
import { deliverMail, enqueueMail, familyAddresses, mailContext } from '../lib/mail/outbox';
import { medicalFormReceivedMail } from '../lib/mail/messages';

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
  /** The version of the privacy notice the parent ticked 'Ho letto l'informativa' for (PRIVACY.noticeVersion). */
  privacyNoticeVersion: z.string({ error: MEDICAL_FORM_MESSAGES.consentMissing }).max(32, MEDICAL_FORM_MESSAGES.consentMissing),
});

/**
 * POST /.netlify/functions/record-medical-form `{ cf, childId, upload: {
 * public_id, version, signature }, privacyNoticeVersion }` (docs/api.md,
 * "Medical form"), called
 * with the fields of Cloudinary's answer after the upload that
 * get-signature signed. Checks the parent's code, the family, the child and
 * its eligibility as get-signature does; that `upload.public_id` is one of
 * the child's own uploads in the season's folder
 * (`{folder}/{childId}/…`, SeasonSettings.medicalForm); Cloudinary's response
 * signature (SDK) and that the version (the upload's Unix time) is at most
 * an hour old; then asks Cloudinary's Admin API what it stored: a PDF of at
 * most 10 MB of that version. Then, in one transaction, adds the form to
 * `sons/{childId}.medical_forms` (public id, version, bytes, season, server
 * time, and the parent's consent: when, and the notice's version), sets `medical_doc` to its authenticated delivery URL and
 * `updated_at`. An earlier form stays in the history and in Cloudinary. The
 * same upload recorded twice is recorded once.
 *
 * Answers 200 `{ uploaded: true }`. Errors `{ error }` in Italian, with
 * nothing written: 400 for a malformed body, an invalid fiscal code, a child
 * of another family, another file, a signature that does not verify or a
 * stale upload, no consent to the privacy notice; 403 for a child not
 * eligible; 404 for an unknown fiscal code; 409 a consent to a notice since
 * changed; 422 when the stored file is not a PDF of at most 10 MB; 405 for
 * other methods; 503 when Cloudinary (or Firebase) is not configured.
 */
export default fiscalCodeFunction('record-medical-form', async (body, httpRequest, context) => {
  const session = await requireSession(httpRequest);
  const request = parseBody(bodySchema, body, MEDICAL_FORM_MESSAGES.malformedUpload);
  if (request.privacyNoticeVersion !== PRIVACY.noticeVersion) throw new HttpError(409, MEDICAL_FORM_MESSAGES.consentOutdated);
  const settings = requireCloudinary();
  const db = getDb();
  const { family, child, folder } = await resolveMedicalFormChild(db, session, request.cf, request.childId);
  const { upload } = request;
  if (!isUploadOfChild(upload.public_id, folder, child.id)) throw new HttpError(400, MEDICAL_FORM_MESSAGES.wrongFile);
  const check = checkUploadAnswer(upload);
  if (check === 'forged') throw new HttpError(400, MEDICAL_FORM_MESSAGES.notVerified);
  if (check === 'stale') throw new HttpError(400, MEDICAL_FORM_MESSAGES.stale);
  const stored = await fetchStoredResource(settings, upload.public_id);
  if (!isAcceptableForm(stored, upload.version)) {
    console.warn(`record-medical-form: ${upload.public_id} refused: ${JSON.stringify(stored)}`);
    throw new HttpError(422, MEDICAL_FORM_MESSAGES.notPdf);
  }
  const ref = db.collection(COLLECTION.sons).doc(child.id);
  const mailId = await runTransaction(db, async (transaction) => {
    const current = readSnapshot(childDocument, await transaction.get(ref));
    if (!current) throw new HttpError(400, MEDICAL_FORM_MESSAGES.notOfFamily);
    if (current.medical_forms.some((form) => form.public_id === upload.public_id)) return null;
    const addresses = await familyAddresses(db, transaction, family.id);
    // A form recorded before the history was kept joins it first, so replacing it loses nothing.
    const legacy = legacyMedicalForm(settings, current);
    transaction.update(ref, {
      medical_doc: medicalFormDeliveryUrl(settings, upload.public_id, upload.version),
      medical_forms: [
        ...(legacy ? [legacy] : []),
        ...current.medical_forms,
        {
          public_id: upload.public_id,
          version: upload.version,
          bytes: stored?.bytes ?? 0,
          season: SEASON.campYear,
          received_at: Timestamp.now(),
          consent: { at: Timestamp.now(), notice_version: request.privacyNoticeVersion },
        },
      ],
      updated_at: FieldValue.serverTimestamp(),
    });
    const content = medicalFormReceivedMail(
      { childName: `${current.name} ${current.surname}`, season: SEASON.campYear, familySurname: family.surname },
      mailContext(httpRequest),
    );
    return enqueueMail(db, transaction, { kind: 'medical-form', to: addresses, content, familyId: family.id });
  });
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  return jsonResponse(200, { uploaded: true });
});

/** Same limit as get-signature: one record per signed upload. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

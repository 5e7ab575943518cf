import type { Config } from '@netlify/functions';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { PRIVACY } from '@config/privacy';
import { SEASON } from '@config/season';
import { recordMedicalFormContract } from '@contracts/record-medical-form';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { isUploadOfChild } from '@domain/medical-forms/medical-form';
import {
  checkUploadAnswer,
  fetchStoredResource,
  isAcceptableForm,
  legacyMedicalForm,
  medicalFormDeliveryUrl,
  resolveMedicalFormChild,
} from '../lib/medical-forms/medical-form-files';
import { requireCloudinary } from '../lib/platform/cloudinary';
import { readSnapshot } from '../lib/platform/snapshots';
import { fiscalCodeContractFunction } from '../lib/platform/fiscal-code-budget';
import { getDb, runTransaction } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { requireSession } from '../lib/platform/session';
import { enqueueMail, familyAddresses, mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { medicalFormReceivedMail } from '../lib/medical-forms/medical-form-mails';

const MESSAGES = recordMedicalFormContract.messages;

/**
 * record-medical-form (recordMedicalFormContract; docs/api.md,
 * "get-signature and record-medical-form"), after the upload get-signature
 * signed: the consent is to the notice in force; the child is checked as
 * get-signature does, the upload is one of its own in the season's folder,
 * Cloudinary's response signature verifies and is at most an hour old, and
 * what Cloudinary stored is a PDF of at most 10 MB of that version. Then one
 * transaction adds the form, with the consent, to the child's history (an
 * earlier form stays there and in Cloudinary), sets `medical_doc` and writes
 * the family's e-mail; the same upload recorded twice is recorded once, and
 * an answer already recorded is refused (409) before Cloudinary's Admin API
 * is called.
 */
export default fiscalCodeContractFunction(recordMedicalFormContract, async (request, httpRequest, context) => {
  const session = await requireSession(httpRequest);
  if (request.privacyNoticeVersion !== PRIVACY.noticeVersion) throw new HttpError(409, MESSAGES.consentOutdated);
  const settings = requireCloudinary();
  const db = getDb();
  const { family, child, folder } = await resolveMedicalFormChild(db, session, request.cf, request.childId);
  const { upload } = request;
  if (!isUploadOfChild(upload.public_id, folder, child.id)) throw new HttpError(400, MESSAGES.wrongFile);
  const check = checkUploadAnswer(upload);
  if (check === 'forged') throw new HttpError(400, MESSAGES.notVerified);
  if (check === 'stale') throw new HttpError(400, MESSAGES.stale);
  // A replay of a recorded answer costs no Admin API call (500 an hour on the free plan); the transaction below still records once.
  if (child.medical_forms.some((form) => form.public_id === upload.public_id)) throw new HttpError(409, MESSAGES.alreadyRecorded);
  const stored = await fetchStoredResource(settings, upload.public_id);
  if (!isAcceptableForm(stored, upload.version)) {
    console.warn(`record-medical-form: ${upload.public_id} refused: ${JSON.stringify(stored)}`);
    throw new HttpError(422, MESSAGES.notPdf);
  }
  const ref = db.collection(COLLECTION.sons).doc(child.id);
  const mailId = await runTransaction(db, async (transaction) => {
    const current = readSnapshot(childDocument, await transaction.get(ref));
    if (!current) throw new HttpError(400, MESSAGES.notOfFamily);
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
  return { body: { uploaded: true } };
});

/** Same limit as get-signature: one record per signed upload. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

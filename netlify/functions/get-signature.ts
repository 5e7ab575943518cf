import type { Config } from '@netlify/functions';
import { getSignatureContract } from '@contracts/get-signature';
import { resolveMedicalFormChild, signMedicalFormUpload } from '../lib/medical-forms/medical-form-files';
import { requireCloudinary } from '../lib/platform/cloudinary';
import { fiscalCodeContractFunction } from '../lib/platform/fiscal-code-budget';
import { getDb } from '../lib/platform/firestore';
import { requireSession } from '../lib/platform/session';
import { spendUploadSignature } from '../lib/medical-forms/upload-signatures';

/**
 * get-signature (getSignatureContract; docs/api.md, "get-signature and
 * record-medical-form"): for a child of the session's family eligible for
 * this season's medical form (resolveMedicalFormChild), signs with the
 * Cloudinary SDK one upload into the season's folder under a public id
 * derived from the child's document id, never from the browser
 * (signMedicalFormUpload); at most MAX_UPLOAD_SIGNATURES_PER_DAY a child
 * and a day, whoever asks (spendUploadSignature).
 */
export default fiscalCodeContractFunction(getSignatureContract, async (input, request) => {
  const session = await requireSession(request);
  const settings = requireCloudinary();
  const db = getDb();
  const { child, folder } = await resolveMedicalFormChild(db, session, input.cf, input.childId);
  await spendUploadSignature(db, child);
  return { body: signMedicalFormUpload(settings, { folder, childId: child.id }) };
});

/**
 * At most 30 signatures a minute from one address on one domain: enough for
 * a large family with retries, not for walking fiscal codes.
 */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };

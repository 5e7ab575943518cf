import { useMutation } from '@tanstack/react-query';
import { PRIVACY } from '@config/privacy';
import type { RequestOf } from '@contracts/contract';
import { recordMedicalFormContract } from '@contracts/record-medical-form';
import { callContract } from '@/lib/api/functions-client';
import { mutationKeys } from '@/lib/api/query-keys';
import { uploadToCloudinary } from '@/lib/cloudinary-upload';
import { fetchUploadSignature } from './get-signature';

/**
 * Tells record-medical-form (recordMedicalFormContract) that child
 * `childId`'s form was uploaded, with the public id, version and response
 * signature of Cloudinary's answer, and that the parent read the privacy
 * notice in force (PRIVACY.noticeVersion).
 * @throws UserFacingError with the function's Italian message.
 */
export async function recordMedicalForm(input: Omit<RequestOf<typeof recordMedicalFormContract>, 'privacyNoticeVersion'>): Promise<void> {
  const body = { cf: input.cf, childId: input.childId, upload: input.upload, privacyNoticeVersion: PRIVACY.noticeVersion };
  await callContract(recordMedicalFormContract, body);
}

/** What {@link uploadMedicalForm} needs: the parent's normalised fiscal code, the child, the checked PDF and a progress callback (0..1); the caller has the parent's 'Ho letto l'informativa'. */
export interface MedicalFormUpload {
  cf: string;
  childId: string;
  file: File;
  onProgress: (fraction: number) => void;
}

/**
 * Uploads one child's form (docs/product.md, "Rules": medical form;
 * docs/api.md): a signature from get-signature for the parent's fiscal code
 * `cf` and the child `childId` (the server derives folder and public id and
 * answers the upload address, `upload_url`), the multipart upload to that
 * address with progress (0..1 to `onProgress`), then record-medical-form
 * with Cloudinary's answer.
 * @throws Error with an Italian message at the first failing step:
 * 'Errore nel recupero della firma: …' (e.g. '…: Il caricamento dei
 * documenti non è configurato.' when the server has no Cloudinary) /
 * 'Firma non ricevuta', "Errore nell'upload su Cloudinary", or
 * record-medical-form's message.
 */
export async function uploadMedicalForm(input: MedicalFormUpload): Promise<void> {
  const signature = await fetchUploadSignature({ cf: input.cf, childId: input.childId });
  const upload = await uploadToCloudinary({ file: input.file, signature, onProgress: input.onProgress });
  await recordMedicalForm({ cf: input.cf, childId: input.childId, upload });
}

/**
 * {@link uploadMedicalForm} as a mutation (variables: a {@link MedicalFormUpload}),
 * under `mutationKeys.uploadMedicalForm` (a failure is logged once by the
 * query client, src/lib/query-client.ts). The screen shows the form
 * received from the answer; a later 'Trova' reads the family afresh.
 */
export function useUploadMedicalForm() {
  return useMutation({ mutationKey: mutationKeys.uploadMedicalForm, mutationFn: uploadMedicalForm });
}

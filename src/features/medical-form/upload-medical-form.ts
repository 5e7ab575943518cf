import { z } from 'zod';
import { validateMedicalFormFile } from '../../domain/medical-form';
import { callFunction, UserFacingError } from '../../lib/api/functions-client';
import { cloudinaryUploadUrl, fetchUploadSignature, UPLOAD_ERRORS, uploadToCloudinary, type UploadResult } from '../../lib/cloudinary-upload';

/**
 * Checks a chosen file (SPEC.md section 5: PDF only; docs/product.md:
 * '%PDF-' signature, at most 10 MB). Resolves an Italian message, or null when fine.
 */
export async function checkMedicalFormFile(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return validateMedicalFormFile({ name: file.name, type: file.type, size: file.size, head });
}

const recordAnswerSchema = z.object({ uploaded: z.literal(true) });

/**
 * Tells record-medical-form that child `sonId`'s form was uploaded, with
 * the public id, version and response signature of Cloudinary's answer; the
 * server checks them and sets the child's `medical_doc` and `updated_at`
 * (docs/api.md, "Medical form").
 * @throws UserFacingError with the function's Italian message (logged).
 */
export async function recordMedicalForm(input: { cf: string; sonId: string; upload: UploadResult }): Promise<void> {
  try {
    await callFunction('record-medical-form', { cf: input.cf, sonId: input.sonId, upload: input.upload }, recordAnswerSchema);
  } catch (error) {
    console.error('Registrazione della scheda medica non riuscita:', error);
    throw error;
  }
}

/**
 * Uploads one child's form (SPEC.md section 4, "Medical upload";
 * docs/api.md): a signature from get-signature for the parent's fiscal code
 * `cf` and the child `sonId` (the server derives folder and public id), the
 * multipart upload to the configured upload URL with progress (0..1 to
 * `onProgress`), then record-medical-form with Cloudinary's answer.
 * @throws Error with an Italian message at the first failing step:
 * 'Il caricamento dei documenti non è configurato.' without an upload URL,
 * 'Errore nel recupero della firma…' / 'Firma non ricevuta',
 * "Errore nell'upload su Cloudinary", or record-medical-form's message.
 */
export async function uploadMedicalForm(input: { cf: string; sonId: string; file: File; onProgress: (fraction: number) => void }): Promise<void> {
  const uploadUrl = cloudinaryUploadUrl();
  if (!uploadUrl) throw new UserFacingError(UPLOAD_ERRORS.notConfigured, 0);
  const signature = await fetchUploadSignature({ cf: input.cf, sonId: input.sonId });
  const upload = await uploadToCloudinary({ uploadUrl, file: input.file, signature, onProgress: input.onProgress });
  await recordMedicalForm({ cf: input.cf, sonId: input.sonId, upload });
}

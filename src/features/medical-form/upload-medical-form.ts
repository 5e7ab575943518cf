import { SEASON } from '../../config/season';
import { medicalFormPublicId, validateMedicalFormFile } from '../../domain/medical-form';
import { cloudinaryUploadUrl, fetchUploadSignature, uploadToCloudinary } from '../../lib/cloudinary-upload';
import type { Son } from '../../lib/db/documents';
import { setSonMedicalDoc } from '../../lib/db/medical-forms';

/**
 * Checks a chosen file (SPEC.md section 5: PDF only; ours: '%PDF-'
 * signature, at most 10 MB). Resolves an Italian message, or null when fine.
 */
export async function checkMedicalFormFile(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return validateMedicalFormFile({ name: file.name, type: file.type, size: file.size, head });
}

/**
 * Uploads one child's form (SPEC.md section 4, "Medical upload"): signature
 * from get-signature, multipart upload to the configured upload URL into the
 * season folder as 'Scheda-Medica_{surname}-{name}', then the child's
 * medical_doc and updated_at. `onProgress` gets 0..1.
 * @throws Error with an Italian message at the first failing step.
 */
export async function uploadMedicalForm(son: Son, file: File, onProgress: (fraction: number) => void): Promise<string> {
  if (!cloudinaryUploadUrl) throw new Error('Il caricamento dei documenti non è configurato.');
  const folder = SEASON.medicalFormFolder;
  const publicId = medicalFormPublicId(son.surname, son.name);
  const signature = await fetchUploadSignature({ folder, public_id: publicId });
  const uploaded = await uploadToCloudinary({
    uploadUrl: cloudinaryUploadUrl,
    file,
    onProgress,
    fields: {
      api_key: signature.api_key,
      timestamp: String(signature.timestamp),
      upload_preset: signature.upload_preset,
      signature: signature.signature,
      folder,
      public_id: publicId,
    },
  });
  const url = uploaded.secure_url ?? uploaded.url;
  try {
    await setSonMedicalDoc(son.id, url);
  } catch (error) {
    console.error('Aggiornamento della scheda medica non riuscito:', error);
    throw new Error('Il file è stato caricato ma non è stato possibile registrarlo. Riprova.', { cause: error });
  }
  return url;
}

import { z } from 'zod';
import { callFunction, UserFacingError } from '@/lib/api/functions-client';
import { UPLOAD_ERRORS, type UploadSignature } from '@/lib/cloudinary-upload';

/**
 * What get-signature answers (docs/api.md, "get-signature and
 * record-medical-form"): the upload address and the signed fields. Lenient
 * on `upload_url`, `signature`, `timestamp` and `api_key` so that an answer
 * without one is reported as 'Firma non ricevuta', not as an unexpected
 * answer; an `upload_url` that is not an http(s) URL is an unexpected answer.
 */
const signatureAnswerSchema = z.object({
  upload_url: z.url({ protocol: /^https?$/ }).optional(),
  timestamp: z.number().int().optional(),
  signature: z.string().optional(),
  api_key: z.string().optional(),
  upload_preset: z.string().default(''),
  folder: z.string(),
  public_id: z.string(),
  type: z.string(),
  allowed_formats: z.string().default(''),
});

/**
 * Asks get-signature `{ cf, childId }` to sign the upload of child
 * `childId`'s medical form for the parent whose fiscal code is `cf`; the
 * server derives folder and public id and names the upload address
 * (`upload_url`: Cloudinary's, or the media emulator's locally; docs/api.md).
 * @throws UserFacingError 'Errore nel recupero della firma: {the
 * function's Italian message}' when the call fails or is refused (e.g. 503
 * 'Il caricamento dei documenti non è configurato.' without Cloudinary on
 * the server), or 'Firma non ricevuta' when the answer has no upload URL,
 * signature, timestamp or API key (both logged under those words, the
 * details in the console).
 */
export async function fetchUploadSignature(input: { cf: string; childId: string }): Promise<UploadSignature> {
  let answer: z.infer<typeof signatureAnswerSchema>;
  try {
    answer = await callFunction('get-signature', { cf: input.cf, childId: input.childId }, signatureAnswerSchema);
  } catch (error) {
    console.error(UPLOAD_ERRORS.signatureFetch, error);
    const detail = error instanceof UserFacingError ? error.message : '';
    const status = error instanceof UserFacingError ? error.status : 0;
    throw new UserFacingError(detail ? `${UPLOAD_ERRORS.signatureFetch}: ${detail}` : UPLOAD_ERRORS.signatureFetch, status);
  }
  const { upload_url: uploadUrl, timestamp, signature, api_key: apiKey } = answer;
  if (!uploadUrl || !signature || timestamp === undefined || !apiKey) {
    console.error(UPLOAD_ERRORS.signatureMissing, {
      hasUploadUrl: Boolean(uploadUrl),
      hasSignature: Boolean(signature),
      hasTimestamp: timestamp !== undefined,
      hasApiKey: Boolean(apiKey),
    });
    throw new UserFacingError(UPLOAD_ERRORS.signatureMissing, 200);
  }
  return { ...answer, upload_url: uploadUrl, timestamp, signature, api_key: apiKey };
}

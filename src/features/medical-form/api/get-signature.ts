import { z } from 'zod';
import { callFunction, UserFacingError } from '@/lib/api/functions-client';
import { UPLOAD_ERRORS, type UploadSignature } from '@/lib/cloudinary-upload';

/**
 * What get-signature answers (docs/api.md, "get-signature and
 * record-medical-form"). Lenient on `signature`, `timestamp` and `api_key` so
 * that an answer without one is reported as 'Firma non ricevuta', not as an
 * unexpected answer.
 */
const signatureAnswerSchema = z.object({
  timestamp: z.number().int().optional(),
  signature: z.string().optional(),
  api_key: z.string().optional(),
  upload_preset: z.string().default(''),
  folder: z.string(),
  public_id: z.string(),
  type: z.string(),
});

/**
 * Asks get-signature `{ cf, childId }` to sign the upload of child
 * `childId`'s medical form for the parent whose fiscal code is `cf`; the
 * server derives folder and public id (docs/api.md).
 * @throws UserFacingError 'Errore nel recupero della firma: {the
 * function's Italian message}' when the call fails or is refused, or
 * 'Firma non ricevuta' when the answer has no signature, timestamp or API
 * key (both logged under those words, the details in the console).
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
  const { timestamp, signature, api_key: apiKey } = answer;
  if (!signature || timestamp === undefined || !apiKey) {
    console.error(UPLOAD_ERRORS.signatureMissing, {
      hasSignature: Boolean(signature),
      hasTimestamp: timestamp !== undefined,
      hasApiKey: Boolean(apiKey),
    });
    throw new UserFacingError(UPLOAD_ERRORS.signatureMissing, 200);
  }
  return { ...answer, timestamp, signature, api_key: apiKey };
}

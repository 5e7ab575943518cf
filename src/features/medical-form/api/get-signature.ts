import { getSignatureContract } from '@contracts/get-signature';
import type { RequestOf } from '@contracts/contract';
import { callContract, UserFacingError } from '@/lib/api/functions-client';
import { UPLOAD_ERRORS, type UploadSignature } from '@/lib/cloudinary-upload';

/**
 * Asks get-signature (getSignatureContract) to sign the upload of child
 * `childId`'s medical form for the parent whose fiscal code is `cf`; the
 * server derives folder and public id and names the upload address.
 * @throws UserFacingError 'Errore nel recupero della firma: {the
 * function's Italian message}' when the call fails or is refused (e.g. 503
 * 'Il caricamento dei documenti non è configurato.' without Cloudinary on
 * the server), or 'Firma non ricevuta' when the function answers something
 * that is not a signature its contract describes (no signature, no http(s)
 * upload address…); both logged under those words, the details in the console.
 */
export async function fetchUploadSignature(input: RequestOf<typeof getSignatureContract>): Promise<UploadSignature> {
  try {
    return await callContract(getSignatureContract, { cf: input.cf, childId: input.childId });
  } catch (error) {
    const status = error instanceof UserFacingError ? error.status : 0;
    // Answered 2xx, but not with a signature the contract describes.
    if (status >= 200 && status < 300) {
      console.error(UPLOAD_ERRORS.signatureMissing, error);
      throw new UserFacingError(UPLOAD_ERRORS.signatureMissing, status);
    }
    console.error(UPLOAD_ERRORS.signatureFetch, error);
    const detail = error instanceof UserFacingError ? error.message : '';
    throw new UserFacingError(detail ? `${UPLOAD_ERRORS.signatureFetch}: ${detail}` : UPLOAD_ERRORS.signatureFetch, status);
  }
}

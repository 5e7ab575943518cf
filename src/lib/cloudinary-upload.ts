import type { RequestOf } from '@contracts/contract';
import type { recordMedicalFormContract } from '@contracts/record-medical-form';

/**
 * The browser's side of a signed Cloudinary upload (docs/api.md, "get-signature
 * and record-medical-form"): given a signature from our `get-signature`
 * function (src/features/medical-form/api/), a multipart POST to the upload
 * URL that signature names (Cloudinary in production, emulators/media
 * locally; docs/local-stack.md).
 */

/** The Italian messages of the upload's steps (docs/product.md, "Rules": medical form). */
export const UPLOAD_ERRORS = {
  signatureFetch: 'Errore nel recupero della firma',
  signatureMissing: 'Firma non ricevuta',
  upload: "Errore nell'upload su Cloudinary",
} as const;

/**
 * A complete upload signature: where to post the file, and the fields to send
 * with it, as get-signature signed them. Cloudinary's fields in general, not
 * the contract's answer (getSignatureContract), which narrows `type` and
 * `allowed_formats` to the medical forms' values.
 */
export interface UploadSignature {
  /**
   * Where to post the file, http(s): Cloudinary's
   * `https://api.cloudinary.com/v1_1/{cloud}/image/upload`, the media emulator's locally.
   */
  upload_url: string;
  /** Unix time, seconds. */
  timestamp: number;
  signature: string;
  api_key: string;
  /** '' when the server configures no preset (then not sent). */
  upload_preset: string;
  folder: string;
  /** Without the folder. */
  public_id: string;
  /** Cloudinary's delivery type: 'authenticated' for the medical forms. */
  type: string;
  /** Signed formats Cloudinary accepts: 'pdf' for the medical forms ('' when none, then not sent). */
  allowed_formats: string;
}

/**
 * The fields of Cloudinary's upload answer the portal passes on to
 * record-medical-form, its request's `upload`: the full public id (folder
 * included), the upload's version (Unix time, seconds) and Cloudinary's
 * response signature over them.
 */
export type UploadResult = RequestOf<typeof recordMedicalFormContract>['upload'];

/**
 * POSTs `file` and the signed fields of `signature` (api_key, timestamp,
 * signature, folder, public_id, type, allowed_formats and upload_preset; a
 * field that is '' is not sent) as multipart to `signature.upload_url`,
 * reporting progress (0..1) as the bytes go out; resolves with the public
 * id, version and response signature of Cloudinary's answer.
 * XMLHttpRequest, because fetch cannot report upload progress.
 * @throws Error "Errore nell'upload su Cloudinary" on a network error, an
 * HTTP error or an answer without those fields (logged with the provider's
 * message).
 */
export function uploadToCloudinary(input: {
  file: File;
  signature: UploadSignature;
  onProgress?: (fraction: number) => void;
}): Promise<UploadResult> {
  const { signature } = input;
  const fields: Record<string, string> = {
    api_key: signature.api_key,
    timestamp: String(signature.timestamp),
    signature: signature.signature,
    folder: signature.folder,
    public_id: signature.public_id,
    type: signature.type,
    upload_preset: signature.upload_preset,
    allowed_formats: signature.allowed_formats,
  };
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file', input.file);
    for (const [name, value] of Object.entries(fields)) if (value !== '') form.append(name, value);
    const request = new XMLHttpRequest();
    request.open('POST', signature.upload_url);
    request.responseType = 'json';
    const failed = (detail: unknown) => {
      console.error(UPLOAD_ERRORS.upload, detail);
      reject(new Error(UPLOAD_ERRORS.upload));
    };
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) input.onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => failed('network error');
    request.onload = () => {
      const body = request.response as (Partial<UploadResult> & { error?: { message?: string } }) | null;
      if (request.status < 200 || request.status >= 300) {
        failed(body?.error?.message ?? `HTTP ${request.status}`);
        return;
      }
      if (typeof body?.public_id !== 'string' || typeof body.version !== 'number' || typeof body.signature !== 'string') {
        failed('answer without public_id, version or signature');
        return;
      }
      input.onProgress?.(1);
      resolve({ public_id: body.public_id, version: body.version, signature: body.signature });
    };
    request.send(form);
  });
}

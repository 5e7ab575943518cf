import { z } from 'zod';
import { callFunction, UserFacingError } from './api/functions-client';

/**
 * The browser's side of a signed Cloudinary upload (docs/api.md, "Medical
 * form"; SPEC.md sections 7 and 8): a signature from our `get-signature`
 * function, then a multipart POST to the upload URL (Cloudinary in
 * production, emulators/media locally).
 */

/**
 * The upload endpoint of this build (VITE_CLOUDINARY_UPLOAD_URL, e.g.
 * https://api.cloudinary.com/v1_1/{cloud}/auto/upload), or null when not configured.
 */
export function cloudinaryUploadUrl(): string | null {
  return (import.meta.env.VITE_CLOUDINARY_UPLOAD_URL as string | undefined)?.trim() || null;
}

/** SPEC.md section 8 messages. */
export const UPLOAD_ERRORS = {
  signatureFetch: 'Errore nel recupero della firma',
  signatureMissing: 'Firma non ricevuta',
  upload: "Errore nell'upload su Cloudinary",
  notConfigured: 'Il caricamento dei documenti non è configurato.',
} as const;

/**
 * What get-signature answers. Lenient on `signature` so that an answer
 * without one is reported as 'Firma non ricevuta', not as an unexpected answer.
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

/** A complete upload signature: the fields to send with the file, as get-signature signed them. */
export interface UploadSignature {
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
}

/**
 * Asks get-signature to sign the upload of child `sonId`'s medical form for
 * the parent whose fiscal code is `cf`; the server derives folder and public id.
 * @throws UserFacingError 'Errore nel recupero della firma: {the
 * function's Italian message}' when the call fails or is refused, or
 * 'Firma non ricevuta' when the answer has no signature, timestamp or API
 * key (both logged).
 */
export async function fetchUploadSignature(input: { cf: string; sonId: string }): Promise<UploadSignature> {
  let answer: z.infer<typeof signatureAnswerSchema>;
  try {
    answer = await callFunction('get-signature', { cf: input.cf, sonId: input.sonId }, signatureAnswerSchema);
  } catch (error) {
    console.error(UPLOAD_ERRORS.signatureFetch, error);
    const detail = error instanceof UserFacingError ? error.message : '';
    const status = error instanceof UserFacingError ? error.status : 0;
    throw new UserFacingError(detail ? `${UPLOAD_ERRORS.signatureFetch}: ${detail}` : UPLOAD_ERRORS.signatureFetch, status);
  }
  const { timestamp, signature, api_key: apiKey } = answer;
  if (!signature || timestamp === undefined || !apiKey) {
    console.error(UPLOAD_ERRORS.signatureMissing, { hasSignature: Boolean(signature), hasTimestamp: timestamp !== undefined, hasApiKey: Boolean(apiKey) });
    throw new UserFacingError(UPLOAD_ERRORS.signatureMissing, 200);
  }
  return { ...answer, timestamp, signature, api_key: apiKey };
}

/** The fields of Cloudinary's upload answer the portal passes on to record-medical-form. */
export interface UploadResult {
  /** Full public id, folder included. */
  public_id: string;
  /** The upload's Unix time, seconds. */
  version: number;
  /** Cloudinary's response signature over public_id and version. */
  signature: string;
}

/**
 * POSTs `file` and the signed fields of `signature` (api_key, timestamp,
 * signature, folder, public_id, type, and upload_preset when not '') as
 * multipart to `uploadUrl`, reporting progress (0..1) as the bytes go out;
 * resolves with the public id, version and response signature of
 * Cloudinary's answer. XMLHttpRequest, because fetch cannot report upload
 * progress.
 * @throws Error "Errore nell'upload su Cloudinary" on a network error, an
 * HTTP error or an answer without those fields (logged with the provider's
 * message).
 */
export function uploadToCloudinary(input: {
  uploadUrl: string;
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
  };
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file', input.file);
    for (const [name, value] of Object.entries(fields)) if (value !== '') form.append(name, value);
    const request = new XMLHttpRequest();
    request.open('POST', input.uploadUrl);
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

/**
 * The browser's side of a signed Cloudinary upload (SPEC.md sections 7 and 8):
 * a signature from our `get-signature` function, then a multipart POST to the
 * upload URL (Cloudinary in production, emulators/media locally).
 */

/** The upload endpoint of this build (VITE_CLOUDINARY_UPLOAD_URL), or null when not configured. */
export const cloudinaryUploadUrl: string | null =
  (import.meta.env.VITE_CLOUDINARY_UPLOAD_URL as string | undefined)?.trim() || null;

/** What get-signature answers. */
export interface UploadSignature {
  timestamp: number;
  signature: string;
  api_key: string;
  upload_preset: string;
}

/** The fields of Cloudinary's upload response the portal uses. */
export interface UploadResult {
  url: string;
  secure_url?: string;
  public_id: string;
}

/** SPEC.md section 8 messages. */
export const UPLOAD_ERRORS = {
  signatureFetch: 'Errore nel recupero della firma',
  signatureMissing: 'Firma non ricevuta',
  upload: "Errore nell'upload su Cloudinary",
} as const;

/**
 * Asks get-signature to sign an upload of `public_id` into `folder`.
 * @throws Error 'Errore nel recupero della firma' when the request fails, or
 * 'Firma non ricevuta' when the answer has no signature (both also logged).
 */
export async function fetchUploadSignature(input: { folder: string; public_id: string }, fetchImpl: typeof fetch = fetch): Promise<UploadSignature> {
  let body: Partial<UploadSignature> & { error?: string };
  try {
    const response = await fetchImpl('/.netlify/functions/get-signature', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    body = (await response.json()) as typeof body;
    if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  } catch (error) {
    console.error(UPLOAD_ERRORS.signatureFetch, error);
    throw new Error(UPLOAD_ERRORS.signatureFetch, { cause: error });
  }
  if (!body.signature || typeof body.timestamp !== 'number' || !body.api_key) {
    console.error(UPLOAD_ERRORS.signatureMissing, body);
    throw new Error(UPLOAD_ERRORS.signatureMissing);
  }
  return { timestamp: body.timestamp, signature: body.signature, api_key: body.api_key, upload_preset: body.upload_preset ?? '' };
}

/**
 * POSTs `file` with `fields` as multipart to `uploadUrl`, reporting progress
 * (0..1) as the bytes go out; resolves with Cloudinary's answer.
 * XMLHttpRequest, because fetch cannot report upload progress.
 * @throws Error "Errore nell'upload su Cloudinary" on a network error, an
 * HTTP error or an answer without url (logged with the provider's message).
 */
export function uploadToCloudinary(input: {
  uploadUrl: string;
  file: File;
  fields: Record<string, string>;
  onProgress?: (fraction: number) => void;
}): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file', input.file);
    for (const [name, value] of Object.entries(input.fields)) if (value !== '') form.append(name, value);
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
      if (request.status < 200 || request.status >= 300 || typeof body?.url !== 'string') {
        failed(body?.error?.message ?? `HTTP ${request.status}`);
        return;
      }
      input.onProgress?.(1);
      resolve({ url: body.url, secure_url: body.secure_url, public_id: body.public_id ?? '' });
    };
    request.send(form);
  });
}

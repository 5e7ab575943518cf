import { randomBytes } from 'node:crypto';
import { v2 as cloudinary } from 'cloudinary';
import { failed, passed, reasonOf, type LaunchCheck, type LaunchSettings } from '../types';

/** The smallest file Cloudinary reads as a PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A signed Upload API call (multipart), as get-signature signs a parent's upload: the SDK's api_sign_request over every parameter. */
async function signedCall(settings: LaunchSettings, action: 'upload' | 'destroy', params: Record<string, string>, file?: Buffer) {
  const env = settings.env;
  const signature = cloudinary.utils.api_sign_request(params, env.CLOUDINARY_API_SECRET ?? '');
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...params, signature, api_key: env.CLOUDINARY_API_KEY ?? '' })) form.set(key, value);
  if (file) form.set('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'prova.pdf');
  const base = (env.CLOUDINARY_API_URL || 'https://api.cloudinary.com').replace(/\/+$/, '');
  const response = await fetch(`${base}/v1_1/${env.CLOUDINARY_CLOUD_NAME ?? ''}/image/${action}`, { method: 'POST', body: form });
  const body = (await response.json().catch(() => ({}))) as { error?: { message?: string }; public_id?: string; result?: string };
  return { ok: response.ok, body };
}

/**
 * A signed upload of a one-page PDF as a medical form is uploaded (type
 * authenticated, the upload preset, PDF only) round-trips to Cloudinary
 * and is deleted at once.
 */
export const cloudinaryCheck: LaunchCheck = {
  name: 'Cloudinary: caricamento firmato',
  run: async (settings) => {
    const { env } = settings;
    if (!env.CLOUDINARY_CLOUD_NAME || !env.CLOUDINARY_API_KEY || !env.CLOUDINARY_API_SECRET) {
      return failed('chiavi mancanti', 'npm run setup con CLOUDINARY_URL.');
    }
    const timestamp = String(Math.floor(Date.now() / 1000));
    const publicId = `check-launch/prova-${randomBytes(4).toString('hex')}`;
    const params = {
      timestamp,
      public_id: publicId,
      type: 'authenticated',
      allowed_formats: 'pdf',
      ...(env.CLOUDINARY_UPLOAD_PRESET ? { upload_preset: env.CLOUDINARY_UPLOAD_PRESET } : {}),
    };
    try {
      const uploaded = await signedCall(settings, 'upload', params, PDF);
      if (!uploaded.ok)
        return failed(
          `caricamento rifiutato (${uploaded.body.error?.message ?? 'errore'})`,
          'npm run setup ricontrolla chiavi e preset firmato (https://console.cloudinary.com/settings/upload/presets).',
        );
      const removed = await signedCall(settings, 'destroy', {
        timestamp,
        public_id: uploaded.body.public_id ?? publicId,
        type: 'authenticated',
      });
      if (removed.body.result !== 'ok')
        return failed(
          `file di prova ${publicId} non cancellato (${removed.body.result ?? removed.body.error?.message ?? ''})`,
          'Cancellalo a mano in Cloudinary (Media Library).',
        );
    } catch (error) {
      return failed(
        `Cloudinary non risponde (${reasonOf(error)})`,
        'In locale: npm run dev avvia anche il media emulator; altrimenti controlla CLOUDINARY_API_URL (vuoto in produzione).',
      );
    }
    return passed(`PDF di prova caricato (authenticated, preset ${env.CLOUDINARY_UPLOAD_PRESET ?? 'nessuno'}) e cancellato`);
  },
};

import { v2 as cloudinary } from 'cloudinary';
import { z } from 'zod';
import { SEASON } from '../../src/config/season';
import { isAllowedMedicalFormPublicId } from '../../src/domain/medical-form';
import { errorResponse, jsonResponse, methodNotAllowed, readJsonBody } from './lib/http';

const MESSAGES = {
  malformed: 'Richiesta non valida: servono i campi "folder" e "public_id".',
  folder: 'Cartella non consentita per le schede mediche.',
  publicId: 'Nome file non valido: atteso Scheda-Medica_{cognome}-{nome}.',
  notConfigured: "Il caricamento dei documenti non è configurato.",
};

const bodySchema = z.object({ folder: z.string(), public_id: z.string() });

/** The upload settings from the environment, or null when Cloudinary is not configured. */
function readCloudinarySettings() {
  const apiKey = process.env.CLOUDINARY_API_KEY?.trim();
  const apiSecret = process.env.CLOUDINARY_API_SECRET?.trim();
  const cloudName = process.env.CLOUDINARY_CLOUD_NAME?.trim();
  if (!apiKey || !apiSecret || !cloudName) return null;
  return { apiKey, apiSecret, uploadPreset: process.env.CLOUDINARY_UPLOAD_PRESET?.trim() ?? '' };
}

/**
 * POST /.netlify/functions/get-signature (SPEC.md section 7).
 * Body `{ folder, public_id }`. Signs a Cloudinary upload of a medical form
 * with the SDK's own `api_sign_request` (folder, public_id, timestamp and,
 * when configured, upload_preset) and answers
 * `{ timestamp, signature, api_key, upload_preset }` (upload_preset '' when
 * none is configured). Signs only the season's folder and public ids
 * 'Scheda-Medica_{surname}-{name}'; answers 400 `{error}` to anything else,
 * 405 to other methods, 503 when CLOUDINARY_CLOUD_NAME, CLOUDINARY_API_KEY or
 * CLOUDINARY_API_SECRET is missing.
 */
export default async function getSignature(request: Request): Promise<Response> {
  if (request.method !== 'POST') return methodNotAllowed();
  const settings = readCloudinarySettings();
  if (!settings) return errorResponse(503, MESSAGES.notConfigured);

  const body = await readJsonBody(request);
  const parsed = body.ok ? bodySchema.safeParse(body.value) : null;
  if (!parsed?.success) return errorResponse(400, MESSAGES.malformed);
  const { folder, public_id: publicId } = parsed.data;
  if (folder !== SEASON.medicalFormFolder) return errorResponse(400, MESSAGES.folder);
  if (!isAllowedMedicalFormPublicId(publicId)) return errorResponse(400, MESSAGES.publicId);

  const timestamp = Math.floor(Date.now() / 1000);
  const params: Record<string, string | number> = { folder, public_id: publicId, timestamp };
  if (settings.uploadPreset) params.upload_preset = settings.uploadPreset;
  const signature = cloudinary.utils.api_sign_request(params, settings.apiSecret);
  return jsonResponse(200, { timestamp, signature, api_key: settings.apiKey, upload_preset: settings.uploadPreset });
}

import { SetupError, type SetupContext, type SetupStep } from '../types';

const KEYS_PAGE = 'https://console.cloudinary.com/settings/api-keys';
const PRESETS_PAGE = 'https://console.cloudinary.com/settings/upload/presets';

/**
 * The preset's settings: signed, files stored as `authenticated` (never
 * downloadable by URL) and PDF only, as get-signature signs each upload
 * (netlify/lib/medical-forms/medical-form-files.ts, signMedicalFormUpload).
 */
const PRESET = { unsigned: false, type: 'authenticated', allowed_formats: 'pdf' } as const;

/** cloudinary://API_KEY:API_SECRET@CLOUD_NAME, as Cloudinary's console shows it. */
export function parseCloudinaryUrl(url: string): { cloudName: string; apiKey: string; apiSecret: string } {
  const parsed = new URL(url);
  return { cloudName: parsed.hostname, apiKey: decodeURIComponent(parsed.username), apiSecret: decodeURIComponent(parsed.password) };
}

/** Cloudinary's API base: the answers' (the media emulator) or https://api.cloudinary.com. */
export const cloudinaryApiBase = (apiUrl: string | undefined) => (apiUrl ?? 'https://api.cloudinary.com').replace(/\/+$/, '');

interface Preset {
  unsigned?: boolean;
  settings?: Record<string, unknown>;
}

/**
 * One Admin API call on upload presets (Cloudinary's REST, HTTP Basic
 * `api_key:api_secret`, form-encoded as the SDK sends it). Plain fetch:
 * the SDK chooses https or http once when it loads, so it could not reach
 * the media emulator in a process that meets other APIs at their HTTP edge.
 * @throws SetupError in Italian: wrong keys (401, 403) or any other failure.
 */
async function presetsApi<T>(
  context: SetupContext,
  method: string,
  name: string | null,
  body?: Record<string, string>,
): Promise<{ status: number; body: T }> {
  const { cloudName, apiKey, apiSecret } = parseCloudinaryUrl(context.answers.cloudinary.url);
  const url = `${cloudinaryApiBase(context.answers.cloudinary.apiUrl)}/v1_1/${cloudName}/upload_presets${name ? `/${encodeURIComponent(name)}` : ''}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`,
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body: new URLSearchParams(body).toString() } : {}),
    });
  } catch (error) {
    throw new SetupError(`Cloudinary non risponde (${url}): ${(error as Error).message}`, PRESETS_PAGE);
  }
  const answer = (await response.json().catch(() => ({}))) as T & { error?: { message?: string } };
  if (response.ok || (response.status === 404 && method === 'GET')) return { status: response.status, body: answer };
  if (response.status === 401 || response.status === 403) {
    throw new SetupError(
      `Cloudinary non accetta le chiavi di CLOUDINARY_URL (${answer.error?.message ?? response.status}): copiala di nuovo.`,
      KEYS_PAGE,
    );
  }
  throw new SetupError(`Cloudinary risponde ${response.status} a ${method} ${url}: ${answer.error?.message ?? ''}`, PRESETS_PAGE);
}

/** Cloudinary answers a preset's allowed formats as 'pdf' or ['pdf']. */
const formatsOf = (value: unknown) => (Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : '').replace(/\s/g, '');

const sameSettings = (preset: Preset) =>
  preset.unsigned === false &&
  preset.settings?.type === PRESET.type &&
  formatsOf(preset.settings.allowed_formats) === PRESET.allowed_formats;

/**
 * Cloudinary's keys from CLOUDINARY_URL and the signed upload preset of the
 * medical forms (docs/deploy.md, "npm run setup"), through Cloudinary's Admin
 * API: created when missing, updated when it is unsigned or stores files
 * another way.
 */
export const cloudinaryPresetStep: SetupStep = {
  title: 'Cloudinary: chiavi e preset firmato delle schede mediche',
  plan: (context) => {
    const { cloudName } = parseCloudinaryUrl(context.answers.cloudinary.url);
    const name = context.answers.cloudinary.uploadPreset;
    return [
      `GET ${cloudinaryApiBase(context.answers.cloudinary.apiUrl)}/v1_1/${cloudName}/upload_presets/${name}`,
      `se manca: POST …/v1_1/${cloudName}/upload_presets (firmato, type authenticated, solo pdf); se diverso: PUT …/upload_presets/${name}`,
    ];
  },
  apply: async (context) => {
    const { cloudName, apiKey, apiSecret } = parseCloudinaryUrl(context.answers.cloudinary.url);
    const name = context.answers.cloudinary.uploadPreset;
    Object.assign(context.values, {
      CLOUDINARY_CLOUD_NAME: cloudName,
      CLOUDINARY_API_KEY: apiKey,
      CLOUDINARY_API_SECRET: apiSecret,
      CLOUDINARY_UPLOAD_PRESET: name,
      ...(context.answers.cloudinary.apiUrl ? { CLOUDINARY_API_URL: cloudinaryApiBase(context.answers.cloudinary.apiUrl) } : {}),
    });
    const settings = { unsigned: String(PRESET.unsigned), type: PRESET.type, allowed_formats: PRESET.allowed_formats };
    const current = await presetsApi<Preset>(context, 'GET', name);
    if (current.status === 404) {
      await presetsApi(context, 'POST', null, { name, ...settings });
      return { status: 'creato', detail: `preset "${name}" firmato, file authenticated, solo PDF` };
    }
    if (sameSettings(current.body)) return { status: 'già a posto', detail: `preset "${name}" su ${cloudName}` };
    await presetsApi(context, 'PUT', name, settings);
    return { status: 'aggiornato', detail: `preset "${name}" ora firmato, file authenticated, solo PDF` };
  },
};

import { Agent } from 'node:http';
import { v2 as cloudinary } from 'cloudinary';
import { serviceConfig, type ServiceSettings } from './server-env';

/**
 * The Cloudinary client every function stands on: the account from the
 * environment, the SDK configured with it, and the calls we make (signing an
 * upload or a download, reading, listing and deleting a stored file,
 * checking an upload answer's signature, a delivery URL). What is stored
 * where, and what a stored file must be, is the caller's
 * (netlify/lib/medical-forms/medical-form-files.ts).
 */

/**
 * Cloudinary's account, from the server's environment (`serviceConfig('cloudinary')`,
 * server-env.ts): cloudName, apiKey, apiSecret; uploadPreset, the name of the
 * signed upload preset ('' when none); apiUrl, the base of Cloudinary's API
 * (CLOUDINARY_API_URL, no trailing slash) where signed download URLs point:
 * '' for Cloudinary's own (https://api.cloudinary.com); `npm run dev` sets
 * the media emulator's. Never sent to the browser but the API key.
 */
export type CloudinarySettings = ServiceSettings['cloudinary'];

/** Where a file sits in the account: Cloudinary's resource type ('image' for a PDF) and delivery type ('authenticated'). */
export interface CloudinaryAsset {
  resourceType: string;
  type: string;
}

/**
 * The settings, with the SDK's global configuration set from them (the
 * SDK's `verify_api_response_signature` and `url` read it).
 * @throws ServiceNotConfiguredError('cloudinary') naming the missing
 * variables, never a value: responseForError answers 503 'Il caricamento dei
 * documenti non è configurato.' and logs the names.
 */
export function requireCloudinary(env: NodeJS.ProcessEnv = process.env): CloudinarySettings {
  const settings = serviceConfig('cloudinary', env);
  cloudinary.config({ cloud_name: settings.cloudName, api_key: settings.apiKey, api_secret: settings.apiSecret, secure: true });
  return settings;
}

/** Cloudinary's API base: CLOUDINARY_API_URL (the media emulator locally), else https://api.cloudinary.com. */
function apiBase(settings: CloudinarySettings): string {
  return settings.apiUrl || 'https://api.cloudinary.com';
}

/**
 * The SDK's Admin API calls pick Node's https module when it loads; the
 * media emulator speaks plain http, so a call to it carries an http agent.
 */
function adminApiOptions(settings: CloudinarySettings, asset: CloudinaryAsset) {
  return {
    cloud_name: settings.cloudName,
    api_key: settings.apiKey,
    api_secret: settings.apiSecret,
    upload_prefix: apiBase(settings),
    ...(apiBase(settings).startsWith('http:') ? { agent: new Agent() } : {}),
    resource_type: asset.resourceType,
    type: asset.type,
  };
}

/** The Admin API's failure as an Error naming Cloudinary's message. */
function adminApiError(error: unknown): Error {
  return new Error(`Cloudinary Admin API: ${(error as { error?: { message?: string } } | null)?.error?.message ?? String(error)}`);
}

/** The address the browser posts an upload of `resourceType` to: `{api}/v1_1/{cloud}/{resourceType}/upload`. */
export function uploadUrl(settings: CloudinarySettings, resourceType: string): string {
  return `${apiBase(settings)}/v1_1/${settings.cloudName}/${resourceType}/upload`;
}

/** The signature of a signed upload's `params` (the SDK's `utils.api_sign_request` with the API secret). */
export function signUploadParams(settings: CloudinarySettings, params: Record<string, string | number>): string {
  return cloudinary.utils.api_sign_request(params, settings.apiSecret);
}

/** What Cloudinary stores of an upload, as its Admin API answers it. */
export interface StoredResource {
  format: string;
  bytes: number;
  version: number;
}

/**
 * Reads the stored file `publicId` (folder included) through Cloudinary's
 * Admin API (the SDK's `api.resource`): its format, size in bytes and
 * version. Returns null when Cloudinary does not have it.
 * @throws Error when Cloudinary cannot be reached or refuses the credentials.
 */
export async function fetchResource(
  settings: CloudinarySettings,
  publicId: string,
  asset: CloudinaryAsset,
): Promise<StoredResource | null> {
  try {
    const resource = (await cloudinary.api.resource(publicId, adminApiOptions(settings, asset))) as {
      format?: unknown;
      bytes?: unknown;
      version?: unknown;
    };
    return { format: String(resource.format), bytes: Number(resource.bytes), version: Number(resource.version) };
  } catch (error) {
    const status = (error as { error?: { http_code?: number } } | null)?.error?.http_code;
    if (status === 404) return null;
    throw adminApiError(error);
  }
}

/**
 * Deletes the stored file `publicId` (the SDK's `uploader.destroy`, cached
 * copies invalidated). A file Cloudinary no longer holds counts as deleted,
 * so a retried deletion succeeds. Resolves true when this call removed the
 * file, false when it was already gone.
 * @throws Error when Cloudinary cannot be reached or refuses the request.
 */
export async function destroyResource(settings: CloudinarySettings, publicId: string, asset: CloudinaryAsset): Promise<boolean> {
  const answer = (await cloudinary.uploader.destroy(publicId, { ...adminApiOptions(settings, asset), invalidate: true })) as {
    result?: unknown;
  };
  if (answer.result !== 'ok' && answer.result !== 'not found') throw new Error(`Cloudinary destroy ${publicId}: ${JSON.stringify(answer)}`);
  return answer.result === 'ok';
}

/** A stored file as a listing answers it: its full public id and when Cloudinary received it. */
export interface ListedResource {
  public_id: string;
  created_at: Date;
}

/** Files per page of a listing: Cloudinary's largest page. */
const LIST_PAGE_SIZE = 500;

/**
 * Every file Cloudinary holds whose public id starts with `prefix`: the
 * Admin API's "Get resources" by prefix (the SDK's `api.resources`),
 * followed page by page (500 a page, `next_cursor`). One call per 500
 * files; the Admin API is rate-limited (500 calls an hour on the free plan).
 * @throws Error when Cloudinary cannot be reached or refuses the credentials.
 */
export async function listResources(settings: CloudinarySettings, prefix: string, asset: CloudinaryAsset): Promise<ListedResource[]> {
  const files: ListedResource[] = [];
  let cursor: string | undefined;
  do {
    let page: { resources?: Array<{ public_id?: unknown; created_at?: unknown }>; next_cursor?: unknown };
    try {
      page = (await cloudinary.api.resources({
        ...adminApiOptions(settings, asset),
        prefix,
        max_results: LIST_PAGE_SIZE,
        ...(cursor ? { next_cursor: cursor } : {}),
      })) as typeof page;
    } catch (error) {
      throw adminApiError(error);
    }
    for (const resource of page.resources ?? []) {
      const createdAt = new Date(String(resource.created_at));
      if (typeof resource.public_id === 'string' && !Number.isNaN(createdAt.getTime()))
        files.push({ public_id: resource.public_id, created_at: createdAt });
    }
    cursor = typeof page.next_cursor === 'string' && page.next_cursor ? page.next_cursor : undefined;
  } while (cursor);
  return files;
}

type VerifyResponseSignature = (publicId: string, version: number, signature: string) => boolean;

/**
 * True when `signature` is the configured account's signature of an upload
 * answer's `publicId` and `version` (call {@link requireCloudinary} first).
 * The SDK's `utils.verify_api_response_signature` (cloudinary 2.11) only
 * recomputes SHA-1 of `public_id={public_id}&version={version}` + API secret
 * (signature version 1): it checks no time window, the caller does.
 */
export function verifyResponseSignature(publicId: string, version: number, signature: string): boolean {
  const verify = (cloudinary.utils as unknown as { verify_api_response_signature: VerifyResponseSignature }).verify_api_response_signature;
  return verify(publicId, version, signature);
}

/**
 * A stored file's delivery URL, built by the SDK (call {@link requireCloudinary} first):
 * `https://res.cloudinary.com/{cloud}/{resourceType}/{type}/v{version}/{public_id}.{format}`,
 * path segments URL-encoded.
 */
export function fileDeliveryUrl(
  settings: CloudinarySettings,
  publicId: string,
  file: CloudinaryAsset & { version: number; format: string },
): string {
  return cloudinary.url(publicId, {
    cloud_name: settings.cloudName,
    type: file.type,
    resource_type: file.resourceType,
    version: String(file.version),
    format: file.format,
    secure: true,
    urlAnalytics: false,
  });
}

/**
 * A URL of Cloudinary's download API for a file of `resourceType`,
 * `{api}/v1_1/{cloud}/{resourceType}/download?…&signature=…`, its `params`
 * (public_id, format, type, timestamp, expires_at, …) signed with the SDK's
 * `utils.sign_request`. Points at `settings.apiUrl` when set (the media emulator).
 */
export function signedDownloadUrl(
  settings: CloudinarySettings,
  resourceType: string,
  params: Record<string, string | number | boolean>,
): string {
  const account = {
    resource_type: resourceType,
    cloud_name: settings.cloudName,
    api_key: settings.apiKey,
    api_secret: settings.apiSecret,
    upload_prefix: apiBase(settings),
  };
  const signed = cloudinary.utils.sign_request(params, account);
  const query = new URLSearchParams(Object.entries(signed).map(([name, value]) => [name, String(value)]));
  return `${cloudinary.utils.api_url('download', account)}?${query.toString()}`;
}

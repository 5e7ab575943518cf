/**
 * How the media emulator serves stored files back: public uploads at their
 * delivery URL, and any file through a signed download URL.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { refuseCloud, safeEquals } from './credentials';
import type { MediaEmulatorOptions } from './emulator-options';
import { contentTypeOf } from './formats';
import { fail } from './http';
import { baseName } from './resource-answer';
import { cloudinarySignature } from './signature';
import { findStored, isDeliveryType, storedFilePath } from './storage';

/** How long a signed download URL without `expires_at` works, in seconds (Cloudinary's default). */
const DOWNLOAD_DEFAULT_TTL_SECONDS = 60 * 60;

/**
 * A `Content-Disposition` value naming `fileName` (RFC 6266): the plain
 * `filename` without control characters, '"' and '\', non-ASCII as '_';
 * `filename*` the whole name, UTF-8, percent-encoded (RFC 8187).
 */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const clean = fileName
    // Lone surrogates (encodeURIComponent throws on them) become U+FFFD; control characters go.
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  const plain = clean.replace(/["\\]/g, '').replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${plain}"; filename*=UTF-8''${encoded}`;
}

/** A signed download's query: API key, signature over the other parameters, and expiry; a refusal, or null. */
function refuseDownload(c: Context, params: Record<string, string>, options: MediaEmulatorOptions) {
  if (params.api_key !== options.apiKey) return fail(c, 401, `Unknown API key ${params.api_key ?? ''}`);
  if (!params.signature || !params.public_id || !params.timestamp || !/^\d+$/.test(params.timestamp)) {
    return fail(c, 401, 'Must supply public_id, timestamp and signature');
  }
  if (!safeEquals(params.signature, cloudinarySignature(params, options.apiSecret))) {
    return fail(c, 401, `Invalid Signature ${params.signature}`);
  }
  // Cloudinary's default when no expiry is signed: an hour after the timestamp.
  const expiresAt = params.expires_at ? Number(params.expires_at) : Number(params.timestamp) + DOWNLOAD_DEFAULT_TTL_SECONDS;
  if (!Number.isFinite(expiresAt) || Math.floor(Date.now() / 1000) > expiresAt) return fail(c, 401, 'Download URL expired');
  return null;
}

/** `GET /v1_1/{cloud}/{resource_type}/download?…`: the signed file, inline or as an attachment. */
function download(c: Context, options: MediaEmulatorOptions) {
  const { cloud = '', resourceType = '' } = c.req.param();
  const wrongCloud = refuseCloud(c, cloud, options);
  if (wrongCloud) return wrongCloud;
  const params: Record<string, string> = {};
  for (const [name, value] of new URL(c.req.url).searchParams) params[name] = value;
  const refused = refuseDownload(c, params, options);
  if (refused) return refused;
  const publicId = params.public_id ?? '';
  const type = params.type || 'upload';
  if (!isDeliveryType(type)) return fail(c, 400, `Invalid type ${params.type}`);
  const asset = { cloudName: cloud, resourceType, type, publicId };
  const format = (params.format || findStored(options.dataDir, asset)?.metadata.format || 'pdf').toLowerCase();
  let file: string;
  try {
    file = storedFilePath(options.dataDir, { ...asset, format });
  } catch {
    return fail(c, 404, 'Resource not found');
  }
  if (!existsSync(file)) return fail(c, 404, 'Resource not found');
  const attachment = params.attachment === 'true' || params.attachment === '1';
  const fallbackName = `${baseName(publicId)}.${format}`;
  return c.body(readFileSync(file), 200, {
    'content-type': contentTypeOf(format),
    'content-disposition': contentDisposition(attachment ? 'attachment' : 'inline', params.target_filename || fallbackName),
    'cache-control': 'private, no-store',
  });
}

/** `GET /{cloud}/{resource_type}/upload/v{version}/{public_id}.{format}`: a public upload's bytes. */
function deliver(c: Context, options: MediaEmulatorOptions) {
  const { cloud = '', resourceType = '', type = '' } = c.req.param();
  if (cloud !== options.cloudName || !isDeliveryType(type)) return fail(c, 404, 'Resource not found');
  if (type !== 'upload') return fail(c, 401, 'Resource requires a signed URL');
  const segments = new URL(c.req.url).pathname.split('/').slice(4);
  if (/^v\d+$/.test(segments[0] ?? '')) segments.shift();
  let rest: string;
  try {
    rest = segments.map(decodeURIComponent).join('/');
  } catch {
    return fail(c, 404, 'Resource not found');
  }
  const extension = path.extname(rest);
  const format = extension.slice(1);
  let file: string;
  try {
    // Only stored formats name a file: the `.json` metadata next to it is never served.
    file = storedFilePath(options.dataDir, {
      cloudName: cloud,
      resourceType,
      type,
      publicId: rest.slice(0, rest.length - extension.length),
      format,
    });
  } catch {
    return fail(c, 404, 'Resource not found');
  }
  if (!existsSync(file)) return fail(c, 404, 'Resource not found');
  return c.body(readFileSync(file), 200, { 'content-type': contentTypeOf(format) });
}

/**
 * `GET /v1_1/{cloud}/{resource_type}/download?public_id&format&type&attachment&target_filename&timestamp&expires_at&api_key&signature`
 * serves any stored file (authenticated ones included) through the signed
 * URL the SDK makes (`utils.private_download_url`, or `utils.sign_request`
 * + `utils.api_url('download')` for target_filename; docs/admin-enrolment.md,
 * "Opening a medical form"), valid until `expires_at` (Unix seconds; an hour
 * after the timestamp when absent); format defaults to the stored one.
 * `Content-Disposition` is `attachment` when attachment is 'true' or '1',
 * else `inline`, named target_filename or `{last segment of the public
 * id}.{format}` (see {@link contentDisposition}). 401 when forged, for
 * another file or expired; 404 when no such file is stored.
 */
export function registerSignedDownload(app: Hono, options: MediaEmulatorOptions): void {
  app.get('/v1_1/:cloud/:resourceType/download', (c) => download(c, options));
}

/**
 * `GET /{cloud}/{resource_type}/upload/v{version}/{public_id}.{format}`
 * serves public uploads back; authenticated and private ones answer 401
 * there, unknown paths (metadata included) 404. Registered last: its
 * pattern matches the API's paths too.
 */
export function registerPublicDelivery(app: Hono, options: MediaEmulatorOptions): void {
  app.get('/:cloud/:resourceType/:type/*', (c) => deliver(c, options));
}

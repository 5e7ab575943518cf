import { serve, type ServerType } from '@hono/node-server';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { MAX_MEDICAL_FORM_BYTES } from '@domain/medical-forms/medical-form';
import { cloudinaryResponseSignature, cloudinarySignature } from './signature';

/** Options of the media emulator: where files go and the one account it accepts. */
export interface MediaEmulatorOptions {
  dataDir: string;
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  /** The signed upload preset it accepts; omitted = any (not checked). */
  uploadPreset?: string;
  /** Base of the returned URLs, e.g. http://127.0.0.1:9300 (set once listening). */
  publicUrl?: string;
}

/** An upload preset as the Admin API answers it (`GET /v1_1/{cloud}/upload_presets/{name}`). */
export interface UploadPreset {
  name: string;
  unsigned: boolean;
  /** The upload parameters the preset sets (type, allowed_formats, folder…), as strings. */
  settings: Record<string, string>;
}

/** Admin API parameters of a preset that are not settings (the SDK's own among them). */
const PRESET_FIELDS = ['name', 'unsigned', 'disallow_public_id', 'live', 'api_key', 'timestamp', 'signature'];

/** Delivery types an upload may ask for (Cloudinary's `type` parameter); 'upload' is public. */
export const DELIVERY_TYPES = ['upload', 'authenticated', 'private'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** Resource types files are stored under ('auto' in an upload URL resolves to one of them). */
const RESOURCE_TYPES = ['image', 'raw', 'video'] as const;

/** Formats recognised by their first bytes (see {@link detectFormat}). */
export const DETECTED_FORMATS = ['pdf', 'png', 'jpg', 'gif'] as const;
export type DetectedFormat = (typeof DETECTED_FORMATS)[number];

/** Formats a stored file may have: a detected one, or 'raw' for unrecognised bytes stored as raw. */
const STORED_FORMATS: readonly string[] = [...DETECTED_FORMATS, 'raw'];

/** What names a stored file (see {@link storedFilePath}). */
export interface StoredAsset {
  cloudName: string;
  /** 'image', 'raw' or 'video' ('auto' is resolved at upload: 'image' for a PDF, PNG, JPEG or GIF, else 'raw'). */
  resourceType: string;
  type: DeliveryType;
  /** Full public id, folder included, e.g. 'Documenti/Schede Mediche 2025/Scheda-Medica_Bianchi-Sara'. */
  publicId: string;
  /** The detected format ('pdf', 'png', 'jpg', 'gif'), or 'raw'. */
  format: string;
}

/** What the emulator keeps next to each stored file (a `{publicId}.json` sidecar): what the Admin API answers from. */
interface StoredMetadata {
  asset_id: string;
  public_id: string;
  version: number;
  format: string;
  bytes: number;
  resource_type: string;
  type: DeliveryType;
  created_at: string;
  etag: string;
  folder: string;
  original_filename: string;
}

const STALE_AFTER_SECONDS = 60 * 60;
/** How long a signed download URL without `expires_at` works, in seconds (Cloudinary's default). */
const DOWNLOAD_DEFAULT_TTL_SECONDS = 60 * 60;
/** Room for the multipart framing and the other fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const METADATA_EXTENSION = '.json';
const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  raw: 'application/octet-stream',
};

/** Cloudinary's error shape. */
const fail = (c: Context, status: 400 | 401 | 404, message: string) => c.json({ error: { message } }, status);

const tooLarge = (c: Context, size?: number) =>
  fail(c, 400, `File size too large. ${size === undefined ? '' : `Got ${size}. `}Maximum is ${MAX_MEDICAL_FORM_BYTES}.`);

function safeEquals(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A public id or folder path that stays inside the storage folder. */
function isSafePath(value: string): boolean {
  return value.split('/').every((segment) => segment !== '..' && segment !== '.' && !segment.includes('\\')) && !value.startsWith('/');
}

/**
 * The format of a file by its first bytes: PDF '%PDF-', PNG '\x89PNG',
 * JPEG FF D8 FF ('jpg'), GIF 'GIF8'; null for anything else.
 */
export function detectFormat(bytes: Uint8Array): DetectedFormat | null {
  const starts = (...prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  return null;
}

/** `{dataDir}/{cloud}/{resourceType}/{type}/{publicId}`, checked to stay inside `dataDir`. */
function assetBase(dataDir: string, asset: Omit<StoredAsset, 'format'>): string {
  const root = path.resolve(dataDir);
  const base = path.join(root, asset.cloudName, asset.resourceType, asset.type, asset.publicId);
  if (
    !isSafePath(asset.publicId) ||
    !(RESOURCE_TYPES as readonly string[]).includes(asset.resourceType) ||
    !(DELIVERY_TYPES as readonly string[]).includes(asset.type) ||
    !isSafePath(asset.cloudName) ||
    asset.cloudName.includes('/') ||
    !base.startsWith(root + path.sep)
  ) {
    throw new Error('Invalid public_id');
  }
  return base;
}

/**
 * The file the emulator keeps for an asset:
 * `{dataDir}/{cloud}/{resourceType}/{type}/{publicId}.{format}`. Tests read
 * stored bytes back through it (authenticated files are served only through
 * signed download URLs). Pure: does not check that the file exists. Its
 * metadata lives next to it in `{publicId}.json`, which no format names.
 * @throws Error when the public id would leave `dataDir`, or the resource
 * type, delivery type or format is not one the emulator stores.
 */
export function storedFilePath(dataDir: string, asset: StoredAsset): string {
  if (!STORED_FORMATS.includes(asset.format)) throw new Error('Invalid format');
  return `${assetBase(dataDir, asset)}.${asset.format}`;
}

/** Writes through a temporary file, so a reader never sees half a file. */
function writeAtomically(file: string, data: Buffer | string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/** The stored asset's metadata and file, or null when it is not stored (or its path is invalid). */
function findStored(
  dataDir: string,
  asset: Omit<StoredAsset, 'format'>,
): { metadata: StoredMetadata; file: string; sidecar: string } | null {
  let sidecar: string;
  try {
    sidecar = assetBase(dataDir, asset) + METADATA_EXTENSION;
  } catch {
    return null;
  }
  if (!existsSync(sidecar)) return null;
  const metadata = JSON.parse(readFileSync(sidecar, 'utf8')) as StoredMetadata;
  const file = storedFilePath(dataDir, { ...asset, format: metadata.format });
  return existsSync(file) ? { metadata, file, sidecar } : null;
}

/**
 * The metadata of every file stored under `{dataDir}/{cloud}/{resourceType}/{type}`
 * whose public id starts with `prefix`, sorted by public id (Cloudinary's
 * order of a listing by prefix).
 */
function listStored(dataDir: string, asset: { cloudName: string; resourceType: string; type: string }, prefix: string): StoredMetadata[] {
  const root = path.resolve(dataDir);
  const base = path.join(root, asset.cloudName, asset.resourceType, asset.type);
  if (!base.startsWith(root + path.sep) || !existsSync(base)) return [];
  const found: StoredMetadata[] = [];
  for (const entry of readdirSync(base, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(METADATA_EXTENSION)) continue;
    const metadata = JSON.parse(readFileSync(path.join(entry.parentPath, entry.name), 'utf8')) as StoredMetadata;
    if (metadata.public_id.startsWith(prefix)) found.push(metadata);
  }
  return found.sort((a, b) => (a.public_id < b.public_id ? -1 : a.public_id > b.public_id ? 1 : 0));
}

/** Cloudinary's page sizes of a listing: 10 unless asked, at most 500. */
const LIST_DEFAULT_RESULTS = 10;
const LIST_MAX_RESULTS = 500;

/** The last segment of a public id: its name without the folder. */
const baseName = (publicId: string) => publicId.slice(publicId.lastIndexOf('/') + 1);

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

/**
 * The Cloudinary-compatible API of `npm run dev` and the tests. Errors are
 * Cloudinary's `{ error: { message } }`.
 *
 * Signed requests (upload, destroy, download) carry api_key, timestamp
 * (Unix seconds) and signature: Cloudinary's over every parameter but file,
 * cloud_name, resource_type, api_key and signature (see
 * {@link cloudinarySignature}), so an added or changed parameter
 * (`allowed_formats`, `type`, …) breaks it. 401 for an unknown cloud, a
 * wrong API key or signature; 400 'Stale request' when the timestamp is
 * over an hour old (upload, destroy).
 *
 * `POST /v1_1/{cloud}/{image|raw|auto}/upload`, multipart: file and the
 * signed folder, public_id, type ('upload', the default, 'authenticated' or
 * 'private'), upload_preset (the configured one, 400 otherwise) and
 * allowed_formats (comma-separated). The format is detected from the bytes
 * ({@link detectFormat}): image and auto store a PDF, PNG, JPEG or GIF as
 * resource type image, format 'pdf', 'png', 'jpg' or 'gif'; image refuses
 * anything else (400 'Invalid image file'), auto stores it as raw, and raw
 * stores any bytes as raw (format the detected one, else 'raw'). 400
 * 'Image file format {format} not allowed' when allowed_formats does not
 * list the format; 400 'File size too large…' over 10 MB
 * (`MAX_MEDICAL_FORM_BYTES`). A refused upload stores nothing. Otherwise it
 * stores the file (see {@link storedFilePath}) and its metadata, replacing
 * any file with the same public id, and answers Cloudinary's upload shape
 * (asset_id, public_id, version (Unix seconds), format, resource_type, type,
 * bytes, created_at, url, secure_url, …) with Cloudinary's response
 * `signature` over public_id and version (see
 * {@link cloudinaryResponseSignature}).
 *
 * `GET /v1_1/{cloud}/resources/{resource_type}/{type}/{public_id}` (Admin
 * API, the SDK's `api.resource`), HTTP Basic `api_key:api_secret`; the
 * public id may come as one percent-encoded segment (the SDK's way: '/' as
 * %2F) or with literal slashes. 200 with Cloudinary's resource shape
 * (asset_id, public_id, format, version, resource_type, type, created_at,
 * bytes, url, secure_url, …); 401 for missing or wrong credentials ('Must
 * supply api_key', 'Unknown API key {key}', 'api_secret mismatch'); 404
 * 'Resource not found - {public_id}'.
 *
 * `GET /v1_1/{cloud}/resources/{resource_type}/{type}?prefix&max_results&next_cursor`
 * (Admin API "Get resources", the SDK's `api.resources`), the same Basic
 * credentials: the stored files of that resource and delivery type whose
 * public id starts with `prefix` (all when none), sorted by public id, at
 * most `max_results` (default 10, 1 to 500, else 400) a page: 200 `{
 * resources: [resource shape], next_cursor }`, `next_cursor` (an opaque
 * string, sent back for the next page) only when more follow.
 *
 * `POST /v1_1/{cloud}/{image|raw|video}/destroy` (the SDK's
 * `uploader.destroy`; multipart or form-encoded), signed public_id, type
 * (default 'upload'), timestamp, optional invalidate: deletes the file and
 * its metadata, `{ result: 'ok' }`; `{ result: 'not found' }` (200) when it
 * holds no such file.
 *
 * Upload presets (Admin API "Upload presets", the SDK's
 * `api.create_upload_preset`, `api.upload_preset`, `api.update_upload_preset`),
 * the same Basic credentials, form-encoded bodies: `POST /v1_1/{cloud}/upload_presets`
 * (name, unsigned, and any upload parameter as a setting: 200 `{ message:
 * 'created', name }`, 400 when it exists), `GET …/upload_presets/{name}`
 * (`{ name, unsigned, settings }`, 404 "Can't find upload preset named
 * {name}"), `PUT …/upload_presets/{name}` (the given fields replaced,
 * `{ message: 'updated' }`). An upload may name a stored preset as well as
 * the configured one.
 *
 * `GET /{cloud}/{resource_type}/upload/v{version}/{public_id}.{format}`
 * serves public uploads back; authenticated and private ones answer 401
 * there, unknown paths (metadata included) 404.
 *
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
export function createMediaEmulatorApp(options: MediaEmulatorOptions) {
  const app = new Hono();
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'] }));
  const baseUrl = () => options.publicUrl ?? 'http://127.0.0.1';
  const deliveryUrl = (metadata: StoredMetadata) => {
    const encodedId = metadata.public_id.split('/').map(encodeURIComponent).join('/');
    return `${baseUrl()}/${options.cloudName}/${metadata.resource_type}/${metadata.type}/v${metadata.version}/${encodedId}.${metadata.format}`;
  };
  /** Cloudinary's resource shape, as the Admin API answers it. */
  const resourceAnswer = (metadata: StoredMetadata) => {
    const url = deliveryUrl(metadata);
    return {
      asset_id: metadata.asset_id,
      public_id: metadata.public_id,
      format: metadata.format,
      version: metadata.version,
      resource_type: metadata.resource_type,
      type: metadata.type,
      created_at: metadata.created_at,
      bytes: metadata.bytes,
      etag: metadata.etag,
      placeholder: false,
      url,
      secure_url: url,
      asset_folder: metadata.folder,
      display_name: baseName(metadata.public_id),
      tags: [] as string[],
      derived: [] as unknown[],
    };
  };

  /** The form fields of a multipart or form-encoded body, or null when it cannot be parsed. */
  const readForm = async (c: Context) => {
    try {
      return await c.req.parseBody<Record<string, string | File>>();
    } catch {
      return null;
    }
  };

  /** Checks a signed Upload API request (API key, timestamp, signature); a response when refused. */
  const refuseSigned = (c: Context, params: Record<string, string>) => {
    if (!params.api_key) return fail(c, 401, 'Must supply api_key');
    if (params.api_key !== options.apiKey) return fail(c, 401, `Unknown API key ${params.api_key}`);
    if (!params.signature) return fail(c, 401, 'Must supply signature');
    if (!params.timestamp || !/^\d+$/.test(params.timestamp)) return fail(c, 401, 'Must supply timestamp');
    const age = Math.floor(Date.now() / 1000) - Number(params.timestamp);
    if (age > STALE_AFTER_SECONDS) {
      return fail(c, 400, `Stale request - reported time is ${params.timestamp} which is more than 1 hour ago`);
    }
    if (!safeEquals(params.signature, cloudinarySignature(params, options.apiSecret))) {
      return fail(c, 401, `Invalid Signature ${params.signature}. String to sign - see Cloudinary's signature rules.`);
    }
    return null;
  };

  /** Checks the Admin API's HTTP Basic credentials; a response when refused. */
  const refuseAdmin = (c: Context) => {
    const match = /^Basic\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    if (!match?.[1]) return fail(c, 401, 'Must supply api_key');
    const credentials = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = credentials.indexOf(':');
    const key = colon < 0 ? credentials : credentials.slice(0, colon);
    const secret = colon < 0 ? '' : credentials.slice(colon + 1);
    if (key !== options.apiKey) return fail(c, 401, `Unknown API key ${key}`);
    if (!safeEquals(secret, options.apiSecret)) return fail(c, 401, 'api_secret mismatch');
    return null;
  };

  /** Where the upload presets of a cloud are kept: one `{name}.json` each (Cloudinary's preset shape). */
  const presetFile = (name: string) => path.join(path.resolve(options.dataDir), options.cloudName, 'upload_presets', `${name}.json`);
  const readPreset = (name: string): UploadPreset | null =>
    /^[\w-]+$/.test(name) && existsSync(presetFile(name)) ? (JSON.parse(readFileSync(presetFile(name), 'utf8')) as UploadPreset) : null;
  /** A preset's fields from an Admin API body: `unsigned` apart, every other non-empty parameter is a setting. */
  const presetOf = (name: string, params: Record<string, string>, before: UploadPreset | null): UploadPreset => {
    const settings: Record<string, string> = { ...(before?.settings ?? {}) };
    for (const [key, value] of Object.entries(params)) {
      if (!PRESET_FIELDS.includes(key) && value !== '') settings[key] = value;
    }
    const unsigned = params.unsigned === undefined ? (before?.unsigned ?? false) : params.unsigned === 'true';
    return { name, unsigned, settings };
  };
  const formParams = async (c: Context) => {
    const form = await readForm(c);
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(form ?? {})) if (typeof value === 'string') params[key] = value;
    return params;
  };

  const uploadLimit = bodyLimit({ maxSize: MAX_MEDICAL_FORM_BYTES + MULTIPART_OVERHEAD_BYTES, onError: (c) => tooLarge(c) });

  app.post('/v1_1/:cloud/:resourceType/upload', uploadLimit, async (c) => {
    const { cloud, resourceType } = c.req.param();
    if (cloud !== options.cloudName) return fail(c, 401, `Invalid cloud_name ${cloud}`);
    if (!['image', 'raw', 'auto'].includes(resourceType)) return fail(c, 400, `Invalid resource type ${resourceType}`);

    const form = await readForm(c);
    if (!form) return fail(c, 400, 'Invalid multipart request');
    const file = form.file;
    if (!(file instanceof File)) return fail(c, 400, 'Missing required parameter - file');
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(form)) if (typeof value === 'string') params[name] = value;

    // Every parameter but file, cloud_name, resource_type and api_key is signed: type and allowed_formats included.
    const refused = refuseSigned(c, params);
    if (refused) return refused;
    const type = (params.type || 'upload') as DeliveryType;
    if (!DELIVERY_TYPES.includes(type)) return fail(c, 400, `Invalid type ${params.type}`);
    if (options.uploadPreset && params.upload_preset !== options.uploadPreset && !readPreset(params.upload_preset ?? '')) {
      return fail(c, 400, `Upload preset not found`);
    }

    if (file.size > MAX_MEDICAL_FORM_BYTES) return tooLarge(c, file.size);
    const bytes = Buffer.from(await file.arrayBuffer());
    const detected = detectFormat(bytes);
    // Cloudinary files what it reads as an image (a PDF included) under image; auto files anything else as raw.
    const storedType = resourceType === 'raw' || (resourceType === 'auto' && !detected) ? 'raw' : 'image';
    if (storedType === 'image' && !detected) return fail(c, 400, 'Invalid image file');
    const format = detected ?? 'raw';
    const allowed = (params.allowed_formats ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean)
      .map((name) => (name === 'jpeg' ? 'jpg' : name));
    if (allowed.length > 0 && !allowed.includes(format)) return fail(c, 400, `Image file format ${format} not allowed`);

    const folder = (params.folder ?? '').replace(/^\/+|\/+$/g, '');
    const ownId = params.public_id || randomBytes(10).toString('hex');
    const publicId = folder ? `${folder}/${ownId}` : ownId;
    const asset = { cloudName: cloud, resourceType: storedType, type, publicId };
    let target: string;
    let sidecar: string;
    try {
      target = storedFilePath(options.dataDir, { ...asset, format });
      sidecar = assetBase(options.dataDir, asset) + METADATA_EXTENSION;
    } catch {
      return fail(c, 400, 'Invalid public_id');
    }
    // Same public id, same resource and delivery type: the new upload replaces the old one, whatever its format.
    const previous = findStored(options.dataDir, asset);
    writeAtomically(target, bytes);
    if (previous && previous.file !== target) rmSync(previous.file, { force: true });

    const version = Math.floor(Date.now() / 1000);
    const metadata: StoredMetadata = {
      asset_id: randomBytes(16).toString('hex'),
      public_id: publicId,
      version,
      format,
      bytes: bytes.length,
      resource_type: storedType,
      type,
      created_at: new Date(version * 1000).toISOString().replace('.000', ''),
      etag: createHash('md5').update(bytes).digest('hex'),
      folder,
      original_filename: path.basename(file.name, path.extname(file.name)),
    };
    writeAtomically(sidecar, JSON.stringify(metadata));
    const url = deliveryUrl(metadata);
    return c.json({
      asset_id: metadata.asset_id,
      public_id: publicId,
      version,
      version_id: randomBytes(16).toString('hex'),
      signature: cloudinaryResponseSignature(publicId, version, options.apiSecret),
      format,
      resource_type: storedType,
      created_at: metadata.created_at,
      tags: [],
      pages: 1,
      bytes: bytes.length,
      type,
      etag: metadata.etag,
      placeholder: false,
      url,
      secure_url: url,
      folder,
      asset_folder: folder,
      original_filename: metadata.original_filename,
      api_key: options.apiKey,
    });
  });

  app.post('/v1_1/:cloud/:resourceType/destroy', async (c) => {
    const { cloud, resourceType } = c.req.param();
    if (cloud !== options.cloudName) return fail(c, 401, `Invalid cloud_name ${cloud}`);
    if (!(RESOURCE_TYPES as readonly string[]).includes(resourceType)) return fail(c, 400, `Invalid resource type ${resourceType}`);
    const form = await readForm(c);
    if (!form) return fail(c, 400, 'Invalid request body');
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(form)) if (typeof value === 'string') params[name] = value;
    const refused = refuseSigned(c, params);
    if (refused) return refused;
    if (!params.public_id) return fail(c, 400, 'Missing required parameter - public_id');
    const type = (params.type || 'upload') as DeliveryType;
    if (!DELIVERY_TYPES.includes(type)) return fail(c, 400, `Invalid type ${params.type}`);
    const stored = findStored(options.dataDir, { cloudName: cloud, resourceType, type, publicId: params.public_id });
    if (!stored) return c.json({ result: 'not found' });
    rmSync(stored.sidecar, { force: true });
    rmSync(stored.file, { force: true });
    return c.json({ result: 'ok' });
  });

  app.get('/v1_1/:cloud/resources/:resourceType/:type', (c) => {
    const { cloud, resourceType, type } = c.req.param();
    if (cloud !== options.cloudName) return fail(c, 401, `Invalid cloud_name ${cloud}`);
    const refused = refuseAdmin(c);
    if (refused) return refused;
    if (!(RESOURCE_TYPES as readonly string[]).includes(resourceType)) return fail(c, 400, `Invalid resource type ${resourceType}`);
    if (!(DELIVERY_TYPES as readonly string[]).includes(type)) return fail(c, 400, `Invalid type ${type}`);
    const query = new URL(c.req.url).searchParams;
    const maxResults = query.has('max_results') ? Number(query.get('max_results')) : LIST_DEFAULT_RESULTS;
    if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > LIST_MAX_RESULTS) {
      return fail(c, 400, `max_results should be between 1 and ${LIST_MAX_RESULTS}`);
    }
    // The cursor is the last public id of the page before, base64url: opaque to the caller, as Cloudinary's is.
    const cursor = query.get('next_cursor');
    const after = cursor ? Buffer.from(cursor, 'base64url').toString('utf8') : null;
    const stored = listStored(options.dataDir, { cloudName: cloud, resourceType, type }, query.get('prefix') ?? '');
    const rest = after === null ? stored : stored.filter((metadata) => metadata.public_id > after);
    const page = rest.slice(0, maxResults);
    const last = page.at(-1);
    return c.json({
      resources: page.map(resourceAnswer),
      ...(rest.length > maxResults && last ? { next_cursor: Buffer.from(last.public_id, 'utf8').toString('base64url') } : {}),
    });
  });

  app.get('/v1_1/:cloud/resources/:resourceType/:type/*', (c) => {
    const { cloud, resourceType, type } = c.req.param();
    if (cloud !== options.cloudName) return fail(c, 401, `Invalid cloud_name ${cloud}`);
    const refused = refuseAdmin(c);
    if (refused) return refused;
    // The SDK sends the public id as one segment, encodeURIComponent'ed ('/' as %2F, ' ' as %20).
    let publicId: string;
    try {
      publicId = new URL(c.req.url).pathname.split('/').slice(6).map(decodeURIComponent).join('/');
    } catch {
      return fail(c, 404, 'Resource not found');
    }
    const stored = findStored(options.dataDir, { cloudName: cloud, resourceType, type: type as DeliveryType, publicId });
    if (!stored) return fail(c, 404, `Resource not found - ${publicId}`);
    return c.json(resourceAnswer(stored.metadata));
  });

  app.get('/v1_1/:cloud/:resourceType/download', (c) => {
    const { cloud, resourceType } = c.req.param();
    if (cloud !== options.cloudName) return fail(c, 401, `Invalid cloud_name ${cloud}`);
    const params: Record<string, string> = {};
    for (const [name, value] of new URL(c.req.url).searchParams) params[name] = value;
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
    const type = (params.type || 'upload') as DeliveryType;
    if (!DELIVERY_TYPES.includes(type)) return fail(c, 400, `Invalid type ${params.type}`);
    const asset = { cloudName: cloud, resourceType, type, publicId: params.public_id };
    const format = (params.format || findStored(options.dataDir, asset)?.metadata.format || 'pdf').toLowerCase();
    let file: string;
    try {
      file = storedFilePath(options.dataDir, { ...asset, format });
    } catch {
      return fail(c, 404, 'Resource not found');
    }
    if (!existsSync(file)) return fail(c, 404, 'Resource not found');
    const attachment = params.attachment === 'true' || params.attachment === '1';
    const fallbackName = `${baseName(params.public_id)}.${format}`;
    return c.body(readFileSync(file), 200, {
      'content-type': CONTENT_TYPES[format] ?? 'application/octet-stream',
      'content-disposition': contentDisposition(attachment ? 'attachment' : 'inline', params.target_filename || fallbackName),
      'cache-control': 'private, no-store',
    });
  });

  app.post('/v1_1/:cloud/upload_presets', async (c) => {
    if (c.req.param('cloud') !== options.cloudName) return fail(c, 401, `Invalid cloud_name ${c.req.param('cloud')}`);
    const refused = refuseAdmin(c);
    if (refused) return refused;
    const params = await formParams(c);
    const name = params.name || randomBytes(6).toString('hex');
    if (!/^[\w-]+$/.test(name)) return fail(c, 400, `Invalid name ${name}`);
    if (readPreset(name)) return fail(c, 400, `Upload preset ${name} already exists`);
    writeAtomically(presetFile(name), JSON.stringify(presetOf(name, params, null)));
    return c.json({ message: 'created', name });
  });

  app.get('/v1_1/:cloud/upload_presets/:name', (c) => {
    if (c.req.param('cloud') !== options.cloudName) return fail(c, 401, `Invalid cloud_name ${c.req.param('cloud')}`);
    const refused = refuseAdmin(c);
    if (refused) return refused;
    const preset = readPreset(c.req.param('name'));
    return preset ? c.json(preset) : fail(c, 404, `Can't find upload preset named ${c.req.param('name')}`);
  });

  app.put('/v1_1/:cloud/upload_presets/:name', async (c) => {
    if (c.req.param('cloud') !== options.cloudName) return fail(c, 401, `Invalid cloud_name ${c.req.param('cloud')}`);
    const refused = refuseAdmin(c);
    if (refused) return refused;
    const name = c.req.param('name');
    const before = readPreset(name);
    if (!before) return fail(c, 404, `Can't find upload preset named ${name}`);
    writeAtomically(presetFile(name), JSON.stringify(presetOf(name, await formParams(c), before)));
    return c.json({ message: 'updated' });
  });

  app.get('/:cloud/:resourceType/:type/*', (c) => {
    const { cloud, resourceType, type } = c.req.param();
    if (cloud !== options.cloudName || !(DELIVERY_TYPES as readonly string[]).includes(type)) return fail(c, 404, 'Resource not found');
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
    return c.body(readFileSync(file), 200, { 'content-type': CONTENT_TYPES[format] ?? 'application/octet-stream' });
  });

  app.notFound((c) => fail(c, 404, 'Not found'));
  app.onError((error, c) => {
    console.error('[media-emulator]', error);
    return c.json({ error: { message: 'Internal error' } }, 500);
  });
  return app;
}

/** A running media emulator. */
export interface RunningMediaEmulator {
  port: number;
  url: string;
  close: () => Promise<void>;
}

/**
 * Starts the media emulator on `host:port` (0 = a free port).
 * @throws Error when the port cannot be bound.
 */
export function startMediaEmulator(
  options: Omit<MediaEmulatorOptions, 'publicUrl'> & { host?: string; port: number },
): Promise<RunningMediaEmulator> {
  const host = options.host ?? '127.0.0.1';
  const settings: MediaEmulatorOptions = { ...options };
  mkdirSync(options.dataDir, { recursive: true });
  const app = createMediaEmulatorApp(settings);
  return new Promise((resolve, reject) => {
    const server: ServerType = serve({ fetch: app.fetch, hostname: host, port: options.port }, (info: AddressInfo) => {
      settings.publicUrl = `http://${host}:${info.port}`;
      resolve({
        port: info.port,
        url: settings.publicUrl,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
    server.once('error', reject);
  });
}

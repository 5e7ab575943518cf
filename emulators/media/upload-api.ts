/**
 * The media emulator's Upload API: `POST /v1_1/{cloud}/{resource}/upload`
 * and `…/destroy`, signed requests (see {@link refuseSigned}).
 */
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_MEDICAL_FORM_BYTES } from '@domain/medical-forms/medical-form';
import { refuseCloud, refuseSigned } from './credentials';
import type { MediaEmulatorOptions } from './emulator-options';
import { detectFormat } from './formats';
import { fail, readForm, textFields, tooLarge } from './http';
import { readPreset } from './presets';
import { deliveryUrl } from './resource-answer';
import { cloudinaryResponseSignature } from './signature';
import {
  findStored,
  isDeliveryType,
  isResourceType,
  metadataFilePath,
  storedFilePath,
  writeAtomically,
  type DeliveryType,
  type StoredMetadata,
} from './storage';

/** Room for the multipart framing and the other fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** An upload request that passed the cloud, signature, type and preset checks. */
interface UploadRequest {
  cloud: string;
  resourceType: string;
  file: File;
  params: Record<string, string>;
  type: DeliveryType;
}

/** The checks before the file is read: cloud, resource type, multipart body with a file, signature, delivery type, preset. */
async function readUploadRequest(c: Context, options: MediaEmulatorOptions): Promise<UploadRequest | Response> {
  const { cloud = '', resourceType = '' } = c.req.param();
  const wrongCloud = refuseCloud(c, cloud, options);
  if (wrongCloud) return wrongCloud;
  if (!['image', 'raw', 'auto'].includes(resourceType)) return fail(c, 400, `Invalid resource type ${resourceType}`);

  const form = await readForm(c);
  if (!form) return fail(c, 400, 'Invalid multipart request');
  const file = form.file;
  if (!(file instanceof File)) return fail(c, 400, 'Missing required parameter - file');
  const params = textFields(form);

  // Every parameter but file, cloud_name, resource_type and api_key is signed: type and allowed_formats included.
  const refused = refuseSigned(c, params, options);
  if (refused) return refused;
  const type = params.type || 'upload';
  if (!isDeliveryType(type)) return fail(c, 400, `Invalid type ${params.type}`);
  if (options.uploadPreset && params.upload_preset !== options.uploadPreset && !readPreset(options, params.upload_preset ?? '')) {
    return fail(c, 400, `Upload preset not found`);
  }
  return { cloud, resourceType, file, params, type };
}

/** The formats an upload's `allowed_formats` lists (comma-separated, any case, 'jpeg' as 'jpg'); none = any. */
function allowedFormats(params: Record<string, string>): string[] {
  return (params.allowed_formats ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
    .map((name) => (name === 'jpeg' ? 'jpg' : name));
}

/**
 * Stores an upload's bytes and metadata, replacing a file with the same
 * public id (resource and delivery type) whatever its format; null when the
 * public id would leave the storage folder (nothing stored then).
 */
function storeUpload(
  options: MediaEmulatorOptions,
  request: UploadRequest,
  stored: { bytes: Buffer; resourceType: string; format: string },
): StoredMetadata | null {
  const { params, type, file } = request;
  const folder = (params.folder ?? '').replace(/^\/+|\/+$/g, '');
  const ownId = params.public_id || randomBytes(10).toString('hex');
  const publicId = folder ? `${folder}/${ownId}` : ownId;
  const asset = { cloudName: request.cloud, resourceType: stored.resourceType, type, publicId };
  let target: string;
  let sidecar: string;
  try {
    target = storedFilePath(options.dataDir, { ...asset, format: stored.format });
    sidecar = metadataFilePath(options.dataDir, asset);
  } catch {
    return null;
  }
  const previous = findStored(options.dataDir, asset);
  writeAtomically(target, stored.bytes);
  if (previous && previous.file !== target) rmSync(previous.file, { force: true });

  const version = Math.floor(Date.now() / 1000);
  const metadata: StoredMetadata = {
    asset_id: randomBytes(16).toString('hex'),
    public_id: publicId,
    version,
    format: stored.format,
    bytes: stored.bytes.length,
    resource_type: stored.resourceType,
    type,
    created_at: new Date(version * 1000).toISOString().replace('.000', ''),
    etag: createHash('md5').update(stored.bytes).digest('hex'),
    folder,
    original_filename: path.basename(file.name, path.extname(file.name)),
  };
  writeAtomically(sidecar, JSON.stringify(metadata));
  return metadata;
}

/** Cloudinary's upload answer for a stored file, with its response `signature` over public_id and version. */
function uploadAnswer(options: MediaEmulatorOptions, metadata: StoredMetadata) {
  const url = deliveryUrl(options, metadata);
  return {
    asset_id: metadata.asset_id,
    public_id: metadata.public_id,
    version: metadata.version,
    version_id: randomBytes(16).toString('hex'),
    signature: cloudinaryResponseSignature(metadata.public_id, metadata.version, options.apiSecret),
    format: metadata.format,
    resource_type: metadata.resource_type,
    created_at: metadata.created_at,
    tags: [],
    pages: 1,
    bytes: metadata.bytes,
    type: metadata.type,
    etag: metadata.etag,
    placeholder: false,
    url,
    secure_url: url,
    folder: metadata.folder,
    asset_folder: metadata.folder,
    original_filename: metadata.original_filename,
    api_key: options.apiKey,
  };
}

/** `POST …/upload`: the checked request's file typed by its bytes, filtered by allowed_formats, stored and answered. */
async function upload(c: Context, options: MediaEmulatorOptions) {
  const request = await readUploadRequest(c, options);
  if (request instanceof Response) return request;
  if (request.file.size > MAX_MEDICAL_FORM_BYTES) return tooLarge(c, request.file.size);
  const bytes = Buffer.from(await request.file.arrayBuffer());
  const detected = detectFormat(bytes);
  // Cloudinary files what it reads as an image (a PDF included) under image; auto files anything else as raw.
  const resourceType = request.resourceType === 'raw' || (request.resourceType === 'auto' && !detected) ? 'raw' : 'image';
  if (resourceType === 'image' && !detected) return fail(c, 400, 'Invalid image file');
  const format = detected ?? 'raw';
  const allowed = allowedFormats(request.params);
  if (allowed.length > 0 && !allowed.includes(format)) return fail(c, 400, `Image file format ${format} not allowed`);
  const metadata = storeUpload(options, request, { bytes, resourceType, format });
  if (!metadata) return fail(c, 400, 'Invalid public_id');
  return c.json(uploadAnswer(options, metadata));
}

/** `POST …/destroy`: the signed public_id's file and metadata deleted. */
async function destroy(c: Context, options: MediaEmulatorOptions) {
  const { cloud = '', resourceType = '' } = c.req.param();
  const wrongCloud = refuseCloud(c, cloud, options);
  if (wrongCloud) return wrongCloud;
  if (!isResourceType(resourceType)) return fail(c, 400, `Invalid resource type ${resourceType}`);
  const form = await readForm(c);
  if (!form) return fail(c, 400, 'Invalid request body');
  const params = textFields(form);
  const refused = refuseSigned(c, params, options);
  if (refused) return refused;
  if (!params.public_id) return fail(c, 400, 'Missing required parameter - public_id');
  const type = params.type || 'upload';
  if (!isDeliveryType(type)) return fail(c, 400, `Invalid type ${params.type}`);
  const stored = findStored(options.dataDir, { cloudName: cloud, resourceType, type, publicId: params.public_id });
  if (!stored) return c.json({ result: 'not found' });
  rmSync(stored.sidecar, { force: true });
  rmSync(stored.file, { force: true });
  return c.json({ result: 'ok' });
}

/**
 * The Upload API routes.
 *
 * `POST /v1_1/{cloud}/{image|raw|auto}/upload`, multipart: file and the
 * signed folder, public_id, type ('upload', the default, 'authenticated' or
 * 'private'), upload_preset (the configured one or a stored one,
 * emulators/media/presets.ts; 400 otherwise) and allowed_formats
 * (comma-separated). The format is detected from the bytes
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
 * `POST /v1_1/{cloud}/{image|raw|video}/destroy` (the SDK's
 * `uploader.destroy`; multipart or form-encoded), signed public_id, type
 * (default 'upload'), timestamp, optional invalidate: deletes the file and
 * its metadata, `{ result: 'ok' }`; `{ result: 'not found' }` (200) when it
 * holds no such file.
 */
export function registerUploadApi(app: Hono, options: MediaEmulatorOptions): void {
  const uploadLimit = bodyLimit({ maxSize: MAX_MEDICAL_FORM_BYTES + MULTIPART_OVERHEAD_BYTES, onError: (c) => tooLarge(c) });
  app.post('/v1_1/:cloud/:resourceType/upload', uploadLimit, (c) => upload(c, options));
  app.post('/v1_1/:cloud/:resourceType/destroy', (c) => destroy(c, options));
}

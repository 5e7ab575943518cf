import { serve, type ServerType } from '@hono/node-server';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { MAX_MEDICAL_FORM_BYTES } from '../../src/domain/medical-form';
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

/** Delivery types an upload may ask for (Cloudinary's `type` parameter); 'upload' is public. */
export const DELIVERY_TYPES = ['upload', 'authenticated', 'private'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** What names a stored file (see {@link storedFilePath}). */
export interface StoredAsset {
  cloudName: string;
  /** 'image' or 'raw' ('auto' is resolved to 'image' for a PDF, as Cloudinary does). */
  resourceType: string;
  type: DeliveryType;
  /** Full public id, folder included, e.g. 'Documenti/Schede Mediche 2025/Scheda-Medica_Bianchi-Sara'. */
  publicId: string;
  /** Always 'pdf' today. */
  format: string;
}

const STALE_AFTER_SECONDS = 60 * 60;
/** How long a signed download URL without `expires_at` works, in seconds (Cloudinary's default). */
const DOWNLOAD_DEFAULT_TTL_SECONDS = 60 * 60;
/** Room for the multipart framing and the other fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const PDF_SIGNATURE = '%PDF-';
const CONTENT_TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

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
 * The file the emulator keeps for an asset:
 * `{dataDir}/{cloud}/{resourceType}/{type}/{publicId}.{format}`. Tests read
 * stored bytes back through it (authenticated files are served only through
 * signed download URLs). Pure: does not check that the file exists.
 * @throws Error when the public id would leave `dataDir`.
 */
export function storedFilePath(dataDir: string, asset: StoredAsset): string {
  const root = path.resolve(dataDir);
  const file = path.join(root, asset.cloudName, asset.resourceType, asset.type, `${asset.publicId}.${asset.format}`);
  if (!isSafePath(asset.publicId) || !file.startsWith(root + path.sep)) throw new Error('Invalid public_id');
  return file;
}

/**
 * A Cloudinary-compatible signed upload endpoint for `npm run dev` and the
 * tests.
 *
 * `POST /v1_1/{cloud}/{image|raw|auto}/upload`, multipart: file, api_key,
 * timestamp, signature, and the signed folder, public_id, type ('upload',
 * the default, 'authenticated' or 'private') and upload_preset. It checks
 * the API key, the timestamp (at most 1 hour old) and the signature as
 * Cloudinary does, then accepts only a PDF ('%PDF-' signature) of at most
 * 10 MB (`MAX_MEDICAL_FORM_BYTES`), stores it (see {@link storedFilePath})
 * and answers Cloudinary's response shape, with Cloudinary's own response
 * `signature` over public_id and version (see
 * {@link cloudinaryResponseSignature}). Errors are Cloudinary's
 * `{ error: { message } }`: 401 for credentials and signature, 400 for the rest.
 *
 * `GET /{cloud}/{resourceType}/upload/v{version}/{public_id}.{format}` serves
 * public uploads back; authenticated and private ones answer 401 there.
 *
 * `GET /v1_1/{cloud}/{resourceType}/download?public_id&format&type&timestamp&expires_at&api_key&signature`
 * serves any stored file (authenticated ones included) through the signed
 * URL the SDK's `utils.private_download_url` makes (docs/admin-enrolment.md,
 * "Opening a medical form"): the API key must be the account's, the
 * signature Cloudinary's over every parameter but api_key and signature
 * (see {@link cloudinarySignature}), and `expires_at` (Unix seconds; an hour
 * after the timestamp when absent) not past. 401 otherwise (forged, for
 * another file, expired), 404 when no such file is stored.
 */
export function createMediaEmulatorApp(options: MediaEmulatorOptions) {
  const app = new Hono();
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'] }));
  const baseUrl = () => options.publicUrl ?? 'http://127.0.0.1';

  const uploadLimit = bodyLimit({ maxSize: MAX_MEDICAL_FORM_BYTES + MULTIPART_OVERHEAD_BYTES, onError: (c) => tooLarge(c) });

  app.post('/v1_1/:cloud/:resourceType/upload', uploadLimit, async (c) => {
    const { cloud, resourceType } = c.req.param();
    if (cloud !== options.cloudName) return fail(c, 401, `Invalid cloud_name ${cloud}`);
    if (!['image', 'raw', 'auto'].includes(resourceType)) return fail(c, 400, `Invalid resource type ${resourceType}`);

    let form: Record<string, string | File>;
    try {
      form = await c.req.parseBody<Record<string, string | File>>();
    } catch {
      return fail(c, 400, 'Invalid multipart request');
    }
    const file = form.file;
    if (!(file instanceof File)) return fail(c, 400, 'Missing required parameter - file');
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(form)) if (typeof value === 'string') params[name] = value;

    if (!params.api_key) return fail(c, 401, 'Must supply api_key');
    if (params.api_key !== options.apiKey) return fail(c, 401, `Unknown API key ${params.api_key}`);
    if (!params.signature) return fail(c, 401, 'Must supply signature');
    if (!params.timestamp || !/^\d+$/.test(params.timestamp)) return fail(c, 401, 'Must supply timestamp');
    const age = Math.floor(Date.now() / 1000) - Number(params.timestamp);
    if (age > STALE_AFTER_SECONDS) {
      return fail(c, 400, `Stale request - reported time is ${params.timestamp} which is more than 1 hour ago`);
    }
    // Every parameter but file, cloud_name, resource_type and api_key is signed: type included.
    const expected = cloudinarySignature(params, options.apiSecret);
    if (!safeEquals(params.signature, expected)) {
      return fail(c, 401, `Invalid Signature ${params.signature}. String to sign - see Cloudinary's signature rules.`);
    }
    const type = (params.type || 'upload') as DeliveryType;
    if (!DELIVERY_TYPES.includes(type)) return fail(c, 400, `Invalid type ${params.type}`);
    if (options.uploadPreset && params.upload_preset !== options.uploadPreset) {
      return fail(c, 400, `Upload preset not found`);
    }

    if (file.size > MAX_MEDICAL_FORM_BYTES) return tooLarge(c, file.size);
    const bytes = Buffer.from(await file.arrayBuffer());
    if (bytes.subarray(0, PDF_SIGNATURE.length).toString('latin1') !== PDF_SIGNATURE) {
      return fail(c, 400, 'Invalid file: only PDF documents are accepted');
    }

    const folder = (params.folder ?? '').replace(/^\/+|\/+$/g, '');
    const ownId = params.public_id || randomBytes(10).toString('hex');
    const publicId = folder ? `${folder}/${ownId}` : ownId;
    const format = 'pdf';
    // Cloudinary files a PDF sent to auto/upload as an image (one page per frame).
    const storedType = resourceType === 'auto' ? 'image' : resourceType;
    let target: string;
    try {
      target = storedFilePath(options.dataDir, { cloudName: cloud, resourceType: storedType, type, publicId, format });
    } catch {
      return fail(c, 400, 'Invalid public_id');
    }
    mkdirSync(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, target);

    const version = Math.floor(Date.now() / 1000);
    const encodedId = publicId.split('/').map(encodeURIComponent).join('/');
    const url = `${baseUrl()}/${cloud}/${storedType}/${type}/v${version}/${encodedId}.${format}`;
    return c.json({
      asset_id: randomBytes(16).toString('hex'),
      public_id: publicId,
      version,
      version_id: randomBytes(16).toString('hex'),
      signature: cloudinaryResponseSignature(publicId, version, options.apiSecret),
      format,
      resource_type: storedType,
      created_at: new Date(version * 1000).toISOString().replace('.000', ''),
      tags: [],
      pages: 1,
      bytes: bytes.length,
      type,
      etag: createHash('md5').update(bytes).digest('hex'),
      placeholder: false,
      url,
      secure_url: url,
      folder,
      asset_folder: folder,
      original_filename: path.basename(file.name, path.extname(file.name)),
      api_key: options.apiKey,
    });
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
    const format = (params.format || 'pdf').toLowerCase();
    let file: string;
    try {
      file = storedFilePath(options.dataDir, { cloudName: cloud, resourceType, type, publicId: params.public_id, format });
    } catch {
      return fail(c, 404, 'Resource not found');
    }
    if (!existsSync(file)) return fail(c, 404, 'Resource not found');
    return c.body(readFileSync(file), 200, {
      'content-type': CONTENT_TYPES[format] ?? 'application/octet-stream',
      'cache-control': 'private, no-store',
    });
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
    let file: string;
    try {
      file = storedFilePath(options.dataDir, {
        cloudName: cloud,
        resourceType,
        type,
        publicId: rest.slice(0, rest.length - extension.length),
        format: extension.slice(1),
      });
    } catch {
      return fail(c, 404, 'Resource not found');
    }
    if (!existsSync(file)) return fail(c, 404, 'Resource not found');
    const format = extension.slice(1).toLowerCase();
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

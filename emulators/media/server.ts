import { serve, type ServerType } from '@hono/node-server';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { cloudinarySignature } from './signature';

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

const STALE_AFTER_SECONDS = 60 * 60;
const CONTENT_TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/** Cloudinary's error shape. */
const fail = (c: Context, status: 400 | 401 | 404, message: string) => c.json({ error: { message } }, status);

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
 * A Cloudinary-compatible signed upload endpoint for `npm run dev` and the
 * tests: `POST /v1_1/{cloud}/{image|raw|auto}/upload` (multipart: file,
 * api_key, timestamp, signature, folder, public_id, upload_preset) checks the
 * signature as Cloudinary does, stores the file under `dataDir` and answers
 * Cloudinary's response shape; `GET /{cloud}/{type}/upload/v{version}/{public_id}.{format}`
 * serves the stored bytes back.
 */
export function createMediaEmulatorApp(options: MediaEmulatorOptions) {
  const app = new Hono();
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'] }));
  const storageRoot = path.resolve(options.dataDir);
  const baseUrl = () => options.publicUrl ?? 'http://127.0.0.1';

  app.post('/v1_1/:cloud/:resourceType/upload', async (c) => {
    const { cloud, resourceType } = c.req.param();
    if (cloud !== options.cloudName) return fail(c, 401, `Invalid cloud_name ${cloud}`);
    if (!['image', 'raw', 'auto'].includes(resourceType)) return fail(c, 400, `Invalid resource type ${resourceType}`);

    let form: Record<string, string | File>;
    try {
      form = (await c.req.parseBody()) as Record<string, string | File>;
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
    const expected = cloudinarySignature(params, options.apiSecret);
    if (!safeEquals(params.signature, expected)) {
      return fail(c, 401, `Invalid Signature ${params.signature}. String to sign - see Cloudinary's signature rules.`);
    }
    if (options.uploadPreset && params.upload_preset !== options.uploadPreset) {
      return fail(c, 400, `Upload preset not found`);
    }

    const folder = (params.folder ?? '').replace(/^\/+|\/+$/g, '');
    const ownId = params.public_id || randomBytes(10).toString('hex');
    const publicId = folder ? `${folder}/${ownId}` : ownId;
    if (!isSafePath(publicId)) return fail(c, 400, 'Invalid public_id');
    const format = path.extname(file.name).slice(1).toLowerCase() || 'bin';
    const type = resourceType === 'auto' ? (format in CONTENT_TYPES ? 'image' : 'raw') : resourceType;

    const target = path.join(storageRoot, cloud, type, `${publicId}.${format}`);
    if (!target.startsWith(storageRoot + path.sep)) return fail(c, 400, 'Invalid public_id');
    mkdirSync(path.dirname(target), { recursive: true });
    const bytes = Buffer.from(await file.arrayBuffer());
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, target);

    const version = Math.floor(Date.now() / 1000);
    const encodedId = publicId.split('/').map(encodeURIComponent).join('/');
    const url = `${baseUrl()}/${cloud}/${type}/upload/v${version}/${encodedId}.${format}`;
    return c.json({
      asset_id: randomBytes(16).toString('hex'),
      public_id: publicId,
      version,
      version_id: randomBytes(16).toString('hex'),
      signature: randomBytes(20).toString('hex'),
      format,
      resource_type: type,
      created_at: new Date(version * 1000).toISOString().replace('.000', ''),
      tags: [],
      bytes: bytes.length,
      type: 'upload',
      etag: randomBytes(16).toString('hex'),
      placeholder: false,
      url,
      secure_url: url,
      folder,
      asset_folder: folder,
      original_filename: path.basename(file.name, path.extname(file.name)),
      api_key: options.apiKey,
    });
  });

  app.get('/:cloud/:type/upload/*', (c) => {
    const { cloud, type } = c.req.param();
    const rest = decodeURIComponent(new URL(c.req.url).pathname.split('/upload/')[1] ?? '').replace(/^v\d+\//, '');
    if (!isSafePath(rest)) return fail(c, 404, 'Resource not found');
    const file = path.join(storageRoot, cloud, type, rest);
    if (!file.startsWith(storageRoot + path.sep) || !existsSync(file)) return fail(c, 404, 'Resource not found');
    const format = path.extname(file).slice(1).toLowerCase();
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

import { serve, type ServerType } from '@hono/node-server';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { registerAdminApi } from './admin-api';
import { registerPublicDelivery, registerSignedDownload } from './delivery';
import type { MediaEmulatorOptions } from './emulator-options';
import { fail } from './http';
import { registerPresetRoutes } from './presets';
import { registerUploadApi } from './upload-api';

/**
 * The Cloudinary-compatible API of `npm run dev` and the tests. Errors are
 * Cloudinary's `{ error: { message } }`.
 *
 * Signed requests (upload, destroy, download) carry api_key, timestamp
 * (Unix seconds) and signature: Cloudinary's over every parameter but file,
 * cloud_name, resource_type, api_key and signature (see
 * emulators/media/signature.ts, `cloudinarySignature`), so an added or
 * changed parameter (`allowed_formats`, `type`, …) breaks it. 401 for an
 * unknown cloud, a wrong API key or signature; 400 'Stale request' when the
 * timestamp is over an hour old (upload, destroy). The Admin API takes HTTP
 * Basic `api_key:api_secret`.
 *
 * The routes, each documented where it is registered: upload and destroy
 * ({@link registerUploadApi}), one resource and a listing
 * ({@link registerAdminApi}), signed downloads
 * ({@link registerSignedDownload}), upload presets
 * ({@link registerPresetRoutes}) and public delivery
 * ({@link registerPublicDelivery}). Files are kept as emulators/media/storage.ts
 * says (`storedFilePath`). Each Admin API call is appended to
 * `adminApiCalls` (RunningMediaEmulator.adminApiCalls), so a test can
 * count what a function spends of Cloudinary's hourly quota.
 */
export function createMediaEmulatorApp(options: MediaEmulatorOptions, adminApiCalls: string[] = []) {
  const app = new Hono();
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'] }));
  // Every Admin API call (one resource, a listing), as `GET {path}`: what a test counts against Cloudinary's hourly quota.
  app.use('/v1_1/:cloud/resources/*', async (c, next) => {
    adminApiCalls.push(`${c.req.method} ${new URL(c.req.url).pathname}`);
    await next();
  });
  // In this order: Hono tries the routes as registered, and the later patterns match the earlier paths too.
  registerUploadApi(app, options);
  registerAdminApi(app, options);
  registerSignedDownload(app, options);
  registerPresetRoutes(app, options);
  registerPublicDelivery(app, options);
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
  /** The Admin API calls it answered since it started (or since the last `clear`), oldest first: `GET /v1_1/{cloud}/resources/…`. */
  adminApiCalls: { list: () => readonly string[]; clear: () => void };
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
  const calls: string[] = [];
  const app = createMediaEmulatorApp(settings, calls);
  return new Promise((resolve, reject) => {
    const server: ServerType = serve({ fetch: app.fetch, hostname: host, port: options.port }, (info: AddressInfo) => {
      settings.publicUrl = `http://${host}:${info.port}`;
      resolve({
        port: info.port,
        url: settings.publicUrl,
        adminApiCalls: { list: () => [...calls], clear: () => calls.splice(0) },
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

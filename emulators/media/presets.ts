/**
 * Upload presets on the media emulator (Admin API "Upload presets", the
 * SDK's `api.create_upload_preset`, `api.upload_preset`,
 * `api.update_upload_preset`), kept as one `{name}.json` each (Cloudinary's
 * preset shape) under `{dataDir}/{cloud}/upload_presets/`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { refuseAdmin, refuseCloud } from './credentials';
import type { MediaEmulatorOptions } from './emulator-options';
import { fail, formParams } from './http';
import { writeAtomically } from './storage';

/** An upload preset as the Admin API answers it (`GET /v1_1/{cloud}/upload_presets/{name}`). */
export interface UploadPreset {
  name: string;
  unsigned: boolean;
  /** The upload parameters the preset sets (type, allowed_formats, folder…), as strings. */
  settings: Record<string, string>;
}

/** Admin API parameters of a preset that are not settings (the SDK's own among them). */
const PRESET_FIELDS = ['name', 'unsigned', 'disallow_public_id', 'live', 'api_key', 'timestamp', 'signature'];

/** Where a preset of the emulator's cloud is kept. */
const presetFile = (options: MediaEmulatorOptions, name: string) =>
  path.join(path.resolve(options.dataDir), options.cloudName, 'upload_presets', `${name}.json`);

/** The stored preset named `name`, or null when there is none (or the name is not `[\w-]+`). */
export function readPreset(options: MediaEmulatorOptions, name: string): UploadPreset | null {
  if (!/^[\w-]+$/.test(name) || !existsSync(presetFile(options, name))) return null;
  return JSON.parse(readFileSync(presetFile(options, name), 'utf8')) as UploadPreset;
}

/** A preset's fields from an Admin API body: `unsigned` apart, every other non-empty parameter is a setting. */
function presetOf(name: string, params: Record<string, string>, before: UploadPreset | null): UploadPreset {
  const settings: Record<string, string> = { ...(before?.settings ?? {}) };
  for (const [key, value] of Object.entries(params)) {
    if (!PRESET_FIELDS.includes(key) && value !== '') settings[key] = value;
  }
  const unsigned = params.unsigned === undefined ? (before?.unsigned ?? false) : params.unsigned === 'true';
  return { name, unsigned, settings };
}

/**
 * The preset routes, HTTP Basic credentials (see {@link refuseAdmin}),
 * form-encoded bodies: `POST /v1_1/{cloud}/upload_presets` (name, unsigned,
 * and any upload parameter as a setting: 200 `{ message: 'created', name }`,
 * 400 when it exists), `GET …/upload_presets/{name}` (`{ name, unsigned,
 * settings }`, 404 "Can't find upload preset named {name}"),
 * `PUT …/upload_presets/{name}` (the given fields replaced,
 * `{ message: 'updated' }`). An upload may name a stored preset as well as
 * the configured one (emulators/media/upload-api.ts).
 */
export function registerPresetRoutes(app: Hono, options: MediaEmulatorOptions): void {
  app.post('/v1_1/:cloud/upload_presets', async (c) => {
    const refused = refuseCloud(c, c.req.param('cloud'), options) ?? refuseAdmin(c, options);
    if (refused) return refused;
    const params = await formParams(c);
    const name = params.name || randomBytes(6).toString('hex');
    if (!/^[\w-]+$/.test(name)) return fail(c, 400, `Invalid name ${name}`);
    if (readPreset(options, name)) return fail(c, 400, `Upload preset ${name} already exists`);
    writeAtomically(presetFile(options, name), JSON.stringify(presetOf(name, params, null)));
    return c.json({ message: 'created', name });
  });

  app.get('/v1_1/:cloud/upload_presets/:name', (c) => {
    const refused = refuseCloud(c, c.req.param('cloud'), options) ?? refuseAdmin(c, options);
    if (refused) return refused;
    const preset = readPreset(options, c.req.param('name'));
    return preset ? c.json(preset) : fail(c, 404, `Can't find upload preset named ${c.req.param('name')}`);
  });

  app.put('/v1_1/:cloud/upload_presets/:name', async (c) => {
    const refused = refuseCloud(c, c.req.param('cloud'), options) ?? refuseAdmin(c, options);
    if (refused) return refused;
    const name = c.req.param('name');
    const before = readPreset(options, name);
    if (!before) return fail(c, 404, `Can't find upload preset named ${name}`);
    writeAtomically(presetFile(options, name), JSON.stringify(presetOf(name, await formParams(c), before)));
    return c.json({ message: 'updated' });
  });
}

import { v2 as cloudinary } from 'cloudinary';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudinarySignature } from '../../../../emulators/media/signature';
import { startMediaEmulator, type RunningMediaEmulator } from '../../../../emulators/media/server';

const ACCOUNT = { cloudName: 'demo', apiKey: 'demo-api-key', apiSecret: 'demo-api-secret', uploadPreset: 'schede-mediche' };
const FOLDER = 'Documenti/Schede Mediche 2025';
const PDF = new Uint8Array(new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'));

let emulator: RunningMediaEmulator;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'media-emulator-'));
  emulator = await startMediaEmulator({ port: 0, dataDir, ...ACCOUNT });
});
afterAll(async () => {
  await emulator.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function signedFields(overrides: Record<string, string> = {}) {
  const params: Record<string, string> = {
    folder: FOLDER,
    public_id: 'Scheda-Medica_Bianchi-Sara',
    timestamp: String(Math.floor(Date.now() / 1000)),
    upload_preset: ACCOUNT.uploadPreset,
  };
  const signature = cloudinary.utils.api_sign_request(params, ACCOUNT.apiSecret);
  return { ...params, api_key: ACCOUNT.apiKey, signature, ...overrides };
}

async function upload(fields: Record<string, string>, bytes: Uint8Array<ArrayBuffer> = PDF, name = 'scheda.pdf') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = await fetch(`${emulator.url}/v1_1/demo/auto/upload`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('media emulator', () => {
  it("computes the same signature as the cloudinary SDK, '&' in values included", () => {
    const params = { folder: 'a&b', public_id: 'x', timestamp: '1700000000', upload_preset: 'p', api_key: 'k', file: 'ignored' };
    expect(cloudinarySignature(params, 'secret')).toBe(
      cloudinary.utils.api_sign_request({ folder: 'a&b', public_id: 'x', timestamp: '1700000000', upload_preset: 'p' }, 'secret'),
    );
  });

  it("stores a correctly signed upload, answers Cloudinary's shape and serves the same bytes back", async () => {
    const { status, body } = await upload(signedFields());
    expect(status).toBe(200);
    expect(body).toMatchObject({
      public_id: `${FOLDER}/Scheda-Medica_Bianchi-Sara`,
      format: 'pdf',
      resource_type: 'image',
      type: 'upload',
      bytes: PDF.length,
      original_filename: 'scheda',
    });
    expect(body.url).toBe(body.secure_url);
    const served = await fetch(body.url as string);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PDF);
  });

  it('refuses a wrong signature, as Cloudinary does', async () => {
    const { status, body } = await upload(signedFields({ public_id: 'Scheda-Medica_Rossi-Marco' }));
    expect(status).toBe(401);
    expect((body.error as { message: string }).message).toMatch(/Invalid Signature/);
  });

  it('refuses an unknown API key and a stale timestamp', async () => {
    expect((await upload(signedFields({ api_key: 'other' }))).status).toBe(401);
    const old = String(Math.floor(Date.now() / 1000) - 2 * 60 * 60);
    const stale = { folder: FOLDER, public_id: 'Scheda-Medica_Bianchi-Sara', timestamp: old, upload_preset: ACCOUNT.uploadPreset };
    const { status, body } = await upload({ ...stale, api_key: ACCOUNT.apiKey, signature: cloudinary.utils.api_sign_request(stale, ACCOUNT.apiSecret) });
    expect(status).toBe(400);
    expect((body.error as { message: string }).message).toMatch(/Stale request/);
  });

  it('refuses a signed path that would leave its storage folder', async () => {
    const params = { folder: '../../outside', public_id: 'x', timestamp: String(Math.floor(Date.now() / 1000)) };
    const { status } = await upload({ ...params, api_key: ACCOUNT.apiKey, signature: cloudinary.utils.api_sign_request(params, ACCOUNT.apiSecret) });
    expect(status).toBe(400);
  });

  it('answers 400 without a file', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(signedFields())) form.append(key, value);
    const response = await fetch(`${emulator.url}/v1_1/demo/auto/upload`, { method: 'POST', body: form });
    expect(response.status).toBe(400);
  });
});

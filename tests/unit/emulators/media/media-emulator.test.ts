import { v2 as cloudinary } from 'cloudinary';
import { Agent } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudinaryResponseSignature, cloudinarySignature } from '../../../../emulators/media/signature';
import { createMediaEmulatorApp, startMediaEmulator, type RunningMediaEmulator } from '../../../../emulators/media/server';
import { storedFilePath } from '../../../../emulators/media/storage';
import { MAX_MEDICAL_FORM_BYTES } from '@domain/medical-forms/medical-form';
import { DEMO_MEDIA } from '../../../../emulators/dev/stack-environment';

const ACCOUNT = DEMO_MEDIA;
const FOLDER = 'Documenti/Schede Mediche 2025';
const PDF = new Uint8Array(new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'));
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const GIF = new Uint8Array(new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000'));

let emulator: RunningMediaEmulator;
let dataDir: string;
let app: ReturnType<typeof createMediaEmulatorApp>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'media-emulator-'));
  emulator = await startMediaEmulator({ port: 0, dataDir, ...ACCOUNT });
  // The same storage, without a port: requests go straight to the Hono app.
  app = createMediaEmulatorApp({ dataDir, ...ACCOUNT, publicUrl: 'http://media.test' });
});
afterAll(async () => {
  await emulator.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function signedFields(overrides: Record<string, string> = {}, signed: Record<string, string> = {}): Record<string, string> {
  const params: Record<string, string> = {
    folder: FOLDER,
    public_id: 'Scheda-Medica_Bianchi-Sara',
    timestamp: String(Math.floor(Date.now() / 1000)),
    upload_preset: ACCOUNT.uploadPreset,
    ...signed,
  };
  const signature = cloudinary.utils.api_sign_request(params, ACCOUNT.apiSecret);
  return { ...params, api_key: ACCOUNT.apiKey, signature, ...overrides };
}

function multipart(fields: Record<string, string>, bytes: Uint8Array<ArrayBuffer>, name: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

/** An upload over HTTP to the running emulator. */
async function upload(fields: Record<string, string>, bytes: Uint8Array<ArrayBuffer> = PDF, name = 'scheda.pdf') {
  const response = await fetch(`${emulator.url}/v1_1/demo/auto/upload`, { method: 'POST', body: multipart(fields, bytes, name) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An upload through the Hono app itself. */
async function uploadToApp(fields: Record<string, string>, bytes: Uint8Array<ArrayBuffer> = PDF, name = 'scheda.pdf') {
  const response = await app.request('/v1_1/demo/auto/upload', { method: 'POST', body: multipart(fields, bytes, name) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * The account and address options of the SDK's Admin and Upload API calls
 * against the running emulator. The SDK picks Node's https module when it
 * loads, so a call to this plain-http server carries an http agent (as
 * netlify/lib/platform/cloudinary.ts does).
 */
function adminOptions(overrides: Record<string, unknown> = {}) {
  return {
    resource_type: 'image',
    type: 'authenticated',
    cloud_name: ACCOUNT.cloudName,
    api_key: ACCOUNT.apiKey,
    api_secret: ACCOUNT.apiSecret,
    upload_prefix: emulator.url,
    agent: new Agent(),
    ...overrides,
  };
}

const errorMessage = (body: Record<string, unknown>) => (body.error as { message: string }).message;

/** A buffer of `size` bytes that starts as a PDF. */
function pdfOfSize(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(PDF.subarray(0, 9));
  return bytes;
}

describe('media emulator', () => {
  it("computes the same signature as the cloudinary SDK, '&' in values included", () => {
    const params = {
      folder: 'a&b',
      public_id: 'x',
      timestamp: '1700000000',
      upload_preset: 'p',
      api_key: 'k',
      file: 'ignored',
      type: 'authenticated',
    };
    expect(cloudinarySignature(params, 'secret')).toBe(
      cloudinary.utils.api_sign_request(
        { folder: 'a&b', public_id: 'x', timestamp: '1700000000', upload_preset: 'p', type: 'authenticated' },
        'secret',
      ),
    );
  });

  it('signs its answers as Cloudinary does: the SDK verifies public_id and version, and nothing else', () => {
    cloudinary.config({ api_secret: 'secret' });
    const verify = (
      cloudinary.utils as unknown as { verify_api_response_signature: (id: string, version: number, signature: string) => boolean }
    ).verify_api_response_signature;
    const signature = cloudinaryResponseSignature(`${FOLDER}/Scheda-Medica_Bianchi-Sara`, 1741600000, 'secret');
    expect(verify(`${FOLDER}/Scheda-Medica_Bianchi-Sara`, 1741600000, signature)).toBe(true);
    expect(verify(`${FOLDER}/Scheda-Medica_Bianchi-Sara`, 1741600001, signature)).toBe(false);
    expect(verify(`${FOLDER}/Scheda-Medica_Rossi-Marco`, 1741600000, signature)).toBe(false);
  });

  it("stores a correctly signed upload, answers Cloudinary's shape with a verifiable signature and serves the same bytes back", async () => {
    const before = Math.floor(Date.now() / 1000);
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
    expect(body.version).toBeGreaterThanOrEqual(before);
    expect(body.signature).toBe(cloudinaryResponseSignature(body.public_id as string, body.version as number, ACCOUNT.apiSecret));
    expect(body.url).toBe(body.secure_url);
    const served = await fetch(body.url as string);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PDF);
    // The metadata kept next to the file is not served.
    const metadata = await fetch((body.url as string).replace(/\.pdf$/, '.json'));
    expect(metadata.status).toBe(404);
  });

  it('stores an authenticated upload where the public URL does not serve it, readable back by path', async () => {
    const { status, body } = await uploadToApp(signedFields({}, { type: 'authenticated', public_id: 'Scheda-Medica_Verdi-Sofia' }));
    expect(status).toBe(200);
    const publicId = `${FOLDER}/Scheda-Medica_Verdi-Sofia`;
    expect(body).toMatchObject({ public_id: publicId, type: 'authenticated', resource_type: 'image', format: 'pdf' });
    const url = new URL(body.url as string);
    expect(url.pathname).toBe(
      `/demo/image/authenticated/v${String(body.version)}/Documenti/Schede%20Mediche%202025/Scheda-Medica_Verdi-Sofia.pdf`,
    );

    // Neither its own URL nor the public one with the same path serves the bytes.
    const own = await app.request(url.pathname);
    expect(own.status).toBe(401);
    expect(await own.json()).toEqual({ error: { message: expect.any(String) } });
    const asPublic = await app.request(url.pathname.replace('/authenticated/', '/upload/'));
    expect(asPublic.status).toBe(404);
    const overHttp = await fetch(`${emulator.url}${url.pathname.replace('/authenticated/', '/upload/')}`);
    expect(overHttp.status).toBe(404);

    const file = storedFilePath(dataDir, { cloudName: 'demo', resourceType: 'image', type: 'authenticated', publicId, format: 'pdf' });
    expect(new Uint8Array(readFileSync(file))).toEqual(PDF);
  });

  it('signs the type: an authenticated signature does not upload a public file, and an unknown type is refused', async () => {
    const swapped = await uploadToApp(signedFields({ type: 'upload' }, { type: 'authenticated' }));
    expect(swapped.status).toBe(401);
    expect(errorMessage(swapped.body)).toMatch(/Invalid Signature/);
    const unknown = await uploadToApp(signedFields({}, { type: 'everyone' }));
    expect(unknown.status).toBe(400);
    expect(errorMessage(unknown.body)).toMatch(/Invalid type/);
  });

  it('refuses a file over 10 MB with a 400 in Cloudinary’s error shape, and stores nothing', async () => {
    const fields = signedFields({}, { public_id: 'Scheda-Medica_Troppo-Grande' });
    const { status, body } = await uploadToApp(fields, pdfOfSize(MAX_MEDICAL_FORM_BYTES + 1));
    expect(status).toBe(400);
    expect(body).toEqual({ error: { message: expect.stringMatching(/File size too large/) } });
    const file = storedFilePath(dataDir, {
      cloudName: 'demo',
      resourceType: 'image',
      type: 'upload',
      publicId: `${FOLDER}/Scheda-Medica_Troppo-Grande`,
      format: 'pdf',
    });
    expect(existsSync(file)).toBe(false);

    // A body far larger is refused before it is read.
    const huge = await upload(fields, pdfOfSize(2 * MAX_MEDICAL_FORM_BYTES));
    expect(huge.status).toBe(400);
    expect(errorMessage(huge.body)).toMatch(/File size too large/);
  });

  it('accepts a PDF of exactly 10 MB', async () => {
    const { status, body } = await uploadToApp(
      signedFields({}, { public_id: 'Scheda-Medica_Giusto-Limite' }),
      pdfOfSize(MAX_MEDICAL_FORM_BYTES),
    );
    expect(status).toBe(200);
    expect(body.bytes).toBe(MAX_MEDICAL_FORM_BYTES);
  });

  it("with allowed_formats 'pdf', refuses a PNG whatever its name (a PNG renamed .pdf included) and stores nothing", async () => {
    const publicId = `${FOLDER}/Scheda-Medica_Non-Pdf`;
    for (const name of ['foto.png', 'finto.pdf']) {
      const fields = signedFields({}, { public_id: 'Scheda-Medica_Non-Pdf', type: 'authenticated', allowed_formats: 'pdf' });
      const { status, body } = await upload(fields, PNG, name);
      expect(status).toBe(400);
      expect(body).toEqual({ error: { message: 'Image file format png not allowed' } });
    }
    await expect(cloudinary.api.resource(publicId, adminOptions())).rejects.toMatchObject({ error: { http_code: 404 } });
    for (const format of ['png', 'pdf']) {
      const asset = { cloudName: 'demo', resourceType: 'image', type: 'authenticated' as const, publicId, format };
      expect(existsSync(storedFilePath(dataDir, asset))).toBe(false);
    }
  });

  it("with allowed_formats 'pdf', stores a PDF", async () => {
    const fields = signedFields({}, { public_id: 'Scheda-Medica_Solo-Pdf', allowed_formats: 'pdf' });
    const { status, body } = await upload(fields);
    expect(status).toBe(200);
    expect(body).toMatchObject({ format: 'pdf', resource_type: 'image', bytes: PDF.length });
  });

  it('without allowed_formats, stores a PNG, a JPEG and a GIF as images of their own format and serves them back', async () => {
    for (const [bytes, format, contentType] of [
      [PNG, 'png', 'image/png'],
      [JPEG, 'jpg', 'image/jpeg'],
      [GIF, 'gif', 'image/gif'],
    ] as const) {
      const { status, body } = await upload(signedFields({}, { public_id: `Immagine-${format}` }), bytes, 'immagine.pdf');
      expect(status).toBe(200);
      expect(body).toMatchObject({ public_id: `${FOLDER}/Immagine-${format}`, format, resource_type: 'image', bytes: bytes.length });
      expect(new URL(body.url as string).pathname.endsWith(`/Immagine-${format}.${format}`)).toBe(true);
      const served = await fetch(body.url as string);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(contentType);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    }
  });

  it("refuses bytes it cannot read as an image on image/upload ('Invalid image file'); auto and raw store them as raw", async () => {
    const text = new Uint8Array(new TextEncoder().encode('nome,cognome\nMarco,Rossi\n'));
    const fields = signedFields({}, { public_id: 'Non-Immagine' });
    const image = await fetch(`${emulator.url}/v1_1/demo/image/upload`, { method: 'POST', body: multipart(fields, text, 'dati.csv') });
    expect(image.status).toBe(400);
    expect(await image.json()).toEqual({ error: { message: 'Invalid image file' } });

    const auto = await upload(fields, text, 'dati.csv');
    expect(auto.status).toBe(200);
    expect(auto.body).toMatchObject({ resource_type: 'raw', format: 'raw', bytes: text.length });
    const raw = await fetch(`${emulator.url}/v1_1/demo/raw/upload`, {
      method: 'POST',
      body: multipart(signedFields({}, { public_id: 'Pdf-Raw' }), PDF, 'scheda.pdf'),
    });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toMatchObject({ resource_type: 'raw', format: 'pdf' });
  });

  it('signs allowed_formats: one sent but not signed, or signed but not sent, fails the signature check', async () => {
    const unsigned = await upload(
      signedFields({ allowed_formats: 'pdf', public_id: 'Scheda-Medica_Formati' }, { public_id: 'Scheda-Medica_Formati' }),
    );
    expect(unsigned.status).toBe(401);
    expect(errorMessage(unsigned.body)).toMatch(/Invalid Signature/);
    const { allowed_formats: _dropped, ...withoutFormats } = signedFields({}, { allowed_formats: 'pdf' });
    const dropped = await upload(withoutFormats, PNG, 'foto.png');
    expect(dropped.status).toBe(401);
    expect(errorMessage(dropped.body)).toMatch(/Invalid Signature/);
  });

  it('refuses an 11 MB PDF with a valid signature, and stores nothing', async () => {
    const fields = signedFields({}, { public_id: 'Scheda-Medica_Undici-MB', type: 'authenticated', allowed_formats: 'pdf' });
    const { status, body } = await upload(fields, pdfOfSize(11 * 1024 * 1024));
    expect(status).toBe(400);
    expect(errorMessage(body)).toMatch(/File size too large/);
    await expect(cloudinary.api.resource(`${FOLDER}/Scheda-Medica_Undici-MB`, adminOptions())).rejects.toMatchObject({
      error: { http_code: 404 },
    });
  });

  it('refuses a wrong signature, as Cloudinary does', async () => {
    const { status, body } = await upload(signedFields({ public_id: 'Scheda-Medica_Rossi-Marco' }));
    expect(status).toBe(401);
    expect(errorMessage(body)).toMatch(/Invalid Signature/);
  });

  it('refuses an unknown API key and a stale timestamp', async () => {
    expect((await upload(signedFields({ api_key: 'other' }))).status).toBe(401);
    const old = String(Math.floor(Date.now() / 1000) - 2 * 60 * 60);
    const { status, body } = await upload(signedFields({}, { timestamp: old }));
    expect(status).toBe(400);
    expect(errorMessage(body)).toMatch(/Stale request/);
  });

  it('refuses a signed path that would leave its storage folder', async () => {
    const params = { folder: '../../outside', public_id: 'x', timestamp: String(Math.floor(Date.now() / 1000)) };
    const { status } = await upload({
      ...params,
      api_key: ACCOUNT.apiKey,
      signature: cloudinary.utils.api_sign_request(params, ACCOUNT.apiSecret),
    });
    expect(status).toBe(400);
    expect(() =>
      storedFilePath(dataDir, { cloudName: 'demo', resourceType: 'image', type: 'upload', publicId: '../../x', format: 'pdf' }),
    ).toThrow();
  });

  it('answers 400 without a file', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(signedFields())) form.append(key, value);
    const response = await fetch(`${emulator.url}/v1_1/demo/auto/upload`, { method: 'POST', body: form });
    expect(response.status).toBe(400);
  });
});

describe('media emulator: signed downloads (utils.private_download_url)', () => {
  const SOFIA = `${FOLDER}/Scheda-Medica_Verdi-Sofia-Download`;

  /** The SDK's signed download URL of `publicId`, pointed at the running emulator. */
  function downloadUrl(publicId: string, expiresAt: number, account: { apiKey: string; apiSecret: string } = ACCOUNT): string {
    const options = {
      resource_type: 'image' as const,
      type: 'authenticated' as const,
      expires_at: expiresAt,
      cloud_name: ACCOUNT.cloudName,
      api_key: account.apiKey,
      api_secret: account.apiSecret,
      upload_prefix: emulator.url,
    };
    return cloudinary.utils.private_download_url(publicId, 'pdf', options);
  }

  beforeAll(async () => {
    const { status } = await upload(signedFields({}, { type: 'authenticated', public_id: 'Scheda-Medica_Verdi-Sofia-Download' }));
    expect(status).toBe(200);
  });

  const inFiveMinutes = () => Math.floor(Date.now() / 1000) + 5 * 60;

  it('serves an authenticated file through the URL the SDK signs, as a PDF with the same bytes', async () => {
    const url = downloadUrl(SOFIA, inFiveMinutes());
    expect(url.startsWith(`${emulator.url}/v1_1/demo/image/download?`)).toBe(true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
  });

  it('refuses an expired URL with 401', async () => {
    const response = await fetch(downloadUrl(SOFIA, Math.floor(Date.now() / 1000) - 1));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: 'Download URL expired' } });
  });

  it('refuses a URL whose expiry, public id or type was changed after signing, and one signed with another secret', async () => {
    const url = new URL(downloadUrl(SOFIA, inFiveMinutes()));
    const tampered = (name: string, value: string) => {
      const copy = new URL(url);
      copy.searchParams.set(name, value);
      return copy.toString();
    };
    for (const forged of [
      tampered('expires_at', String(inFiveMinutes() + 24 * 60 * 60)),
      tampered('public_id', `${FOLDER}/Scheda-Medica_Bianchi-Sara`),
      tampered('type', 'upload'),
      downloadUrl(SOFIA, inFiveMinutes(), { apiKey: ACCOUNT.apiKey, apiSecret: 'not-the-secret' }),
    ]) {
      const response = await fetch(forged);
      expect(response.status).toBe(401);
      expect(errorMessage((await response.json()) as Record<string, unknown>)).toMatch(/Invalid Signature/);
    }
    const otherKey = await fetch(tampered('api_key', 'other-key'));
    expect(otherKey.status).toBe(401);
  });

  it('answers 404 to a genuine URL of a file it does not hold', async () => {
    const response = await fetch(downloadUrl(`${FOLDER}/Scheda-Medica_Nessuno-Mai`, inFiveMinutes()));
    expect(response.status).toBe(404);
  });

  /** A download URL signed with `utils.sign_request` over `params` (target_filename included), as netlify/lib/platform/cloudinary.ts makes it. */
  function namedDownloadUrl(params: Record<string, string | number | boolean>): string {
    const account = {
      resource_type: 'image',
      cloud_name: ACCOUNT.cloudName,
      api_key: ACCOUNT.apiKey,
      api_secret: ACCOUNT.apiSecret,
      upload_prefix: emulator.url,
    };
    const signed = cloudinary.utils.sign_request(
      {
        public_id: SOFIA,
        format: 'pdf',
        type: 'authenticated',
        timestamp: Math.floor(Date.now() / 1000),
        expires_at: inFiveMinutes(),
        ...params,
      },
      account,
    );
    const query = new URLSearchParams(Object.entries(signed).map(([name, value]) => [name, String(value)]));
    return `${cloudinary.utils.api_url('download', account)}?${query.toString()}`;
  }

  it('names the download target_filename, as an attachment when asked, in both forms of RFC 6266', async () => {
    const response = await fetch(namedDownloadUrl({ attachment: true, target_filename: 'Scheda-Medica_Rossi-Marco.pdf' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Scheda-Medica_Rossi-Marco.pdf"; filename*=UTF-8''Scheda-Medica_Rossi-Marco.pdf`,
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);

    const inline = await fetch(namedDownloadUrl({ target_filename: 'Scheda-Medica_Rossi-Marco.pdf' }));
    expect(inline.headers.get('content-disposition')).toBe(
      `inline; filename="Scheda-Medica_Rossi-Marco.pdf"; filename*=UTF-8''Scheda-Medica_Rossi-Marco.pdf`,
    );
  });

  it("without target_filename, names the file after the public id's last segment and format", async () => {
    const response = await fetch(downloadUrl(SOFIA, inFiveMinutes()));
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="Scheda-Medica_Verdi-Sofia-Download.pdf"; filename*=UTF-8''Scheda-Medica_Verdi-Sofia-Download.pdf`,
    );
    const attached = await fetch(namedDownloadUrl({ attachment: 1 }));
    expect(attached.headers.get('content-disposition')).toMatch(/^attachment; filename="Scheda-Medica_Verdi-Sofia-Download\.pdf";/);
  });

  it('keeps quotes, control characters and non-ASCII letters out of the plain file name, and all of the name in filename*', async () => {
    const response = await fetch(namedDownloadUrl({ attachment: true, target_filename: 'Scheda "Medica"\r\n Niccolò (2025).pdf' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Scheda Medica Niccol_ (2025).pdf"; filename*=UTF-8''Scheda%20%22Medica%22%20Niccol%C3%B2%20%282025%29.pdf`,
    );
  });

  it('signs target_filename and attachment: changing either after signing is refused', async () => {
    const url = new URL(namedDownloadUrl({ attachment: true, target_filename: 'Scheda-Medica_Rossi-Marco.pdf' }));
    for (const [name, value] of [
      ['target_filename', 'altro.exe'],
      ['attachment', 'false'],
    ] as const) {
      const copy = new URL(url);
      copy.searchParams.set(name, value);
      const response = await fetch(copy);
      expect(response.status).toBe(401);
    }
  });
});

describe('media emulator: Admin API (api.resource)', () => {
  const PUBLIC_ID = `${FOLDER}/son-rossi-marco/1732412345-3f9a0c1b`;
  let uploaded: Record<string, unknown>;

  beforeAll(async () => {
    const fields = signedFields({}, { public_id: 'son-rossi-marco/1732412345-3f9a0c1b', type: 'authenticated', allowed_formats: 'pdf' });
    const { status, body } = await upload(fields);
    expect(status).toBe(200);
    uploaded = body;
  });

  it("answers a stored PDF's format, bytes and version, as the upload did, to the SDK (public id with slashes and spaces)", async () => {
    const resource = (await cloudinary.api.resource(PUBLIC_ID, adminOptions())) as Record<string, unknown>;
    expect(resource).toMatchObject({
      asset_id: uploaded.asset_id,
      public_id: PUBLIC_ID,
      format: 'pdf',
      bytes: PDF.length,
      version: uploaded.version,
      resource_type: 'image',
      type: 'authenticated',
      created_at: uploaded.created_at,
      url: uploaded.url,
      secure_url: uploaded.secure_url,
    });
  });

  it('answers the same to a path with literal slashes', async () => {
    const path = PUBLIC_ID.split('/').map(encodeURIComponent).join('/');
    const response = await fetch(`${emulator.url}/v1_1/demo/resources/image/authenticated/${path}`, {
      headers: { authorization: `Basic ${Buffer.from(`${ACCOUNT.apiKey}:${ACCOUNT.apiSecret}`).toString('base64')}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ public_id: PUBLIC_ID, format: 'pdf', version: uploaded.version });
  });

  it('answers 404 for an unknown public id, or a known one asked under another delivery type', async () => {
    const unknown = `${FOLDER}/son-rossi-marco/1732412345-00000000`;
    await expect(cloudinary.api.resource(unknown, adminOptions())).rejects.toMatchObject({
      error: { http_code: 404, message: `Resource not found - ${unknown}` },
    });
    await expect(cloudinary.api.resource(PUBLIC_ID, adminOptions({ type: 'upload' }))).rejects.toMatchObject({
      error: { http_code: 404 },
    });
  });

  it('answers 401 for a wrong secret, a wrong key or no credentials at all', async () => {
    await expect(cloudinary.api.resource(PUBLIC_ID, adminOptions({ api_secret: 'not-the-secret' }))).rejects.toMatchObject({
      error: { http_code: 401 },
    });
    await expect(cloudinary.api.resource(PUBLIC_ID, adminOptions({ api_key: 'other-key' }))).rejects.toMatchObject({
      error: { http_code: 401 },
    });
    const anonymous = await fetch(`${emulator.url}/v1_1/demo/resources/image/authenticated/${encodeURIComponent(PUBLIC_ID)}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { message: expect.any(String) } });
  });
});

describe('media emulator: destroy (uploader.destroy)', () => {
  const PUBLIC_ID = `${FOLDER}/son-bianchi-sara/1732412399-0a1b2c3d`;

  beforeAll(async () => {
    const fields = signedFields({}, { public_id: 'son-bianchi-sara/1732412399-0a1b2c3d', type: 'authenticated', allowed_formats: 'pdf' });
    expect((await upload(fields)).status).toBe(200);
  });

  /** A signed download URL of the file, valid five minutes. */
  const downloadUrl = () => {
    const options = {
      resource_type: 'image' as const,
      type: 'authenticated' as const,
      expires_at: Math.floor(Date.now() / 1000) + 5 * 60,
      cloud_name: ACCOUNT.cloudName,
      api_key: ACCOUNT.apiKey,
      api_secret: ACCOUNT.apiSecret,
      upload_prefix: emulator.url,
    };
    return cloudinary.utils.private_download_url(PUBLIC_ID, 'pdf', options);
  };

  it('refuses a destroy signed with another secret with 401, and keeps the file', async () => {
    const options = adminOptions({ api_secret: 'not-the-secret', invalidate: true });
    await expect(cloudinary.uploader.destroy(PUBLIC_ID, options)).rejects.toMatchObject({ http_code: 401 });
    expect(await cloudinary.api.resource(PUBLIC_ID, adminOptions())).toMatchObject({ public_id: PUBLIC_ID });
    expect((await fetch(downloadUrl())).status).toBe(200);
  });

  it("answers 'not found' for another delivery type, and keeps the file", async () => {
    expect(await cloudinary.uploader.destroy(PUBLIC_ID, adminOptions({ type: 'upload' }))).toEqual({ result: 'not found' });
    expect((await fetch(downloadUrl())).status).toBe(200);
  });

  it("removes the file: 'ok', then 404 on the Admin API and on download, and 'not found' the second time", async () => {
    expect(await cloudinary.uploader.destroy(PUBLIC_ID, adminOptions({ invalidate: true }))).toEqual({ result: 'ok' });
    await expect(cloudinary.api.resource(PUBLIC_ID, adminOptions())).rejects.toMatchObject({ error: { http_code: 404 } });
    expect((await fetch(downloadUrl())).status).toBe(404);
    expect(
      existsSync(
        storedFilePath(dataDir, { cloudName: 'demo', resourceType: 'image', type: 'authenticated', publicId: PUBLIC_ID, format: 'pdf' }),
      ),
    ).toBe(false);
    expect(await cloudinary.uploader.destroy(PUBLIC_ID, adminOptions())).toEqual({ result: 'not found' });
  });
});

describe('media emulator: Admin API listing by prefix (api.resources)', () => {
  const LIST_FOLDER = 'Documenti/Schede Mediche 2031';
  const ids = ['son-a/1732412345-00000001', 'son-a/1732412345-00000002', 'son-b/1732412345-00000003'];

  beforeAll(async () => {
    for (const id of ids) {
      const fields = signedFields({}, { folder: LIST_FOLDER, public_id: id, type: 'authenticated', allowed_formats: 'pdf' });
      expect((await upload(fields)).status).toBe(200);
    }
    // Another folder and a public upload: never listed under the folder's prefix as authenticated.
    const other = signedFields({}, { folder: 'Documenti/Altro', public_id: 'son-a/1732412345-00000009', type: 'authenticated' });
    expect((await upload(other)).status).toBe(200);
    expect((await upload(signedFields({}, { folder: LIST_FOLDER, public_id: 'son-c/1732412345-00000004' }))).status).toBe(200);
  });

  it("lists the folder's authenticated files by public id, in pages the SDK follows with next_cursor", async () => {
    const options = adminOptions({ prefix: `${LIST_FOLDER}/`, max_results: 2 });
    const first = (await cloudinary.api.resources(options)) as { resources: Array<Record<string, unknown>>; next_cursor?: string };
    expect(first.resources.map((resource) => resource.public_id)).toEqual(ids.slice(0, 2).map((id) => `${LIST_FOLDER}/${id}`));
    expect(first.resources[0]).toMatchObject({ format: 'pdf', type: 'authenticated', resource_type: 'image', bytes: PDF.length });
    expect(first.resources[0]?.created_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/));
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await cloudinary.api.resources({ ...options, next_cursor: first.next_cursor })) as typeof first;
    expect(second.resources.map((resource) => resource.public_id)).toEqual([`${LIST_FOLDER}/${ids[2]}`]);
    expect(second.next_cursor).toBeUndefined();
  });

  it('lists 10 by default, refuses max_results over 500, and asks for the credentials', async () => {
    const all = (await cloudinary.api.resources(adminOptions({ prefix: LIST_FOLDER }))) as { resources: unknown[] };
    expect(all.resources).toHaveLength(3);
    await expect(cloudinary.api.resources(adminOptions({ prefix: LIST_FOLDER, max_results: 501 }))).rejects.toMatchObject({
      error: { http_code: 400 },
    });
    await expect(cloudinary.api.resources(adminOptions({ prefix: LIST_FOLDER, api_secret: 'not-the-secret' }))).rejects.toMatchObject({
      error: { http_code: 401 },
    });
  });
});

import { v2 as cloudinary } from 'cloudinary';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMediaEmulatorApp } from '../../../emulators/media/server';
import { storedFilePath } from '../../../emulators/media/storage';
import getSignature from '../../../netlify/functions/get-signature';
import { SEASON } from '@config/season';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { DEMO_MEDIA } from '../../../emulators/dev/stack-environment';
import { browserRequest, functionContext } from '../../support/function-context';
import { sessionHeaders } from '../../support/family-session';
import type { Firestore } from 'firebase-admin/firestore';
import { forgetSeasonSettings } from '../../../netlify/lib/season/season-settings';
import { defaultMedicalFormSettings } from '@domain/medical-forms/medical-form-settings';
import { MAX_UPLOAD_SIGNATURES_PER_DAY } from '@domain/medical-forms/medical-form';

const PROJECT = 'demo-get-signature';
const ACCOUNT = DEMO_MEDIA;
const PDF = new Uint8Array(new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'));
const BIANCHI = 'BNCNNA84L45B114C';
const SARA = 'son-bianchi-sara';

let dataDir: string;
let db: Firestore;
let media: ReturnType<typeof createMediaEmulatorApp>;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
  await resetToDemoData(db, PROJECT);
  dataDir = mkdtempSync(path.join(tmpdir(), 'get-signature-'));
  media = createMediaEmulatorApp({ dataDir, ...ACCOUNT });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

beforeEach(() => {
  vi.stubEnv('CLOUDINARY_CLOUD_NAME', ACCOUNT.cloudName);
  vi.stubEnv('CLOUDINARY_API_KEY', ACCOUNT.apiKey);
  vi.stubEnv('CLOUDINARY_API_SECRET', ACCOUNT.apiSecret);
  vi.stubEnv('CLOUDINARY_UPLOAD_PRESET', ACCOUNT.uploadPreset);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const call = async (body: unknown, method = 'POST') =>
  getSignature(
    browserRequest('http://localhost/.netlify/functions/get-signature', {
      method,
      headers: await sessionHeaders(body),
      ...(method === 'GET' ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }),
    functionContext(),
  );

interface SignatureAnswer {
  upload_url: string;
  allowed_formats: string;
  timestamp: number;
  signature: string;
  api_key: string;
  upload_preset: string;
  folder: string;
  public_id: string;
  type: string;
}

/** Posts `file` and `fields` to the media emulator's upload endpoint, as the browser does. */
async function uploadToMedia(fields: Record<string, string | number>, bytes = PDF) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'scheda.pdf');
  for (const [name, value] of Object.entries(fields)) if (value !== '') form.append(name, String(value));
  const response = await media.request('/v1_1/demo/image/upload', { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('get-signature', () => {
  it("signs an authenticated upload of Sara's form, folder and public id derived on the server, that the SDK and the media emulator accept", async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await call({ cf: ' bncnna84l45b114c ', childId: SARA });
    expect(response.status).toBe(200);
    const body = (await response.json()) as SignatureAnswer;
    expect(body).toEqual({
      upload_url: 'https://api.cloudinary.com/v1_1/demo/image/upload',
      timestamp: expect.any(Number),
      signature: expect.stringMatching(/^[0-9a-f]{40}$/),
      api_key: ACCOUNT.apiKey,
      upload_preset: ACCOUNT.uploadPreset,
      folder: defaultMedicalFormSettings(SEASON.campYear).folder,
      // Derived from Sara's document id and this upload, never from her name.
      public_id: expect.stringMatching(new RegExp(`^${SARA}/\\d+-[0-9a-f]{8}$`)),
      type: 'authenticated',
      allowed_formats: 'pdf',
    });
    expect(body.timestamp).toBeGreaterThanOrEqual(before);
    expect(body.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(body.signature).toBe(
      cloudinary.utils.api_sign_request(
        {
          allowed_formats: 'pdf',
          folder: body.folder,
          public_id: body.public_id,
          timestamp: body.timestamp,
          type: 'authenticated',
          upload_preset: ACCOUNT.uploadPreset,
        },
        ACCOUNT.apiSecret,
      ),
    );

    const { api_key, timestamp, signature, folder, public_id, type, upload_preset, allowed_formats } = body;
    const uploaded = await uploadToMedia({ api_key, timestamp, signature, folder, public_id, type, upload_preset, allowed_formats });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({
      public_id: `${defaultMedicalFormSettings(SEASON.campYear).folder}/${public_id}`,
      type: 'authenticated',
    });
    const stored = storedFilePath(dataDir, {
      cloudName: 'demo',
      resourceType: 'image',
      type: 'authenticated',
      publicId: `${defaultMedicalFormSettings(SEASON.campYear).folder}/${public_id}`,
      format: 'pdf',
    });
    expect(new Uint8Array(readFileSync(stored))).toEqual(PDF);
  });

  it('binds every signed field: the emulator refuses the signature with another public id, folder or type', async () => {
    const body = (await (await call({ cf: BIANCHI, childId: SARA })).json()) as SignatureAnswer;
    const { upload_url: _url, ...fields } = body;
    for (const change of [
      { public_id: 'son-rossi-marco/1741600000-0a1b2c3d' },
      { folder: 'Documenti/Altro' },
      { type: 'upload' },
      { allowed_formats: 'pdf,png' },
    ]) {
      const { status, body: answer } = await uploadToMedia({ ...fields, ...change });
      expect(status).toBe(401);
      expect((answer.error as { message: string }).message).toMatch(/Invalid Signature/);
    }
  });

  it('signs without a preset when none is configured', async () => {
    vi.stubEnv('CLOUDINARY_UPLOAD_PRESET', '');
    const body = (await (await call({ cf: BIANCHI, childId: SARA })).json()) as SignatureAnswer;
    expect(body.upload_preset).toBe('');
    expect(body.signature).toBe(
      cloudinary.utils.api_sign_request(
        {
          allowed_formats: 'pdf',
          folder: defaultMedicalFormSettings(SEASON.campYear).folder,
          public_id: body.public_id,
          timestamp: body.timestamp,
          type: 'authenticated',
        },
        ACCOUNT.apiSecret,
      ),
    );
  });

  it("follows the season's medical-form settings: the treasurer's folder, and a cutoff after Sara's deposit makes her form not due", async () => {
    const settings = db.collection('season_settings').doc(String(SEASON.campYear));
    const folder = `Schede/Campo ${SEASON.campYear}`;
    const save = async (cutoff: string) => {
      await settings.set({
        season: SEASON.campYear,
        card_fee: true,
        medical_form: { cutoff, folder },
        updated_at: new Date(),
        updated_by: 'test',
      });
      forgetSeasonSettings();
    };
    try {
      await save(`${SEASON.campYear}-02-01`);
      const signed = await call({ cf: BIANCHI, childId: SARA });
      expect(await signed.json()).toMatchObject({ folder });
      await save(`${SEASON.campYear + 1}-01-01`);
      expect((await call({ cf: BIANCHI, childId: SARA })).status).toBe(403);
    } finally {
      await settings.delete();
      forgetSeasonSettings();
    }
  });

  it("refuses a child of another family with 400, whatever the child's own eligibility", async () => {
    for (const body of [
      { cf: BIANCHI, childId: 'son-rossi-marco' },
      { cf: 'RSSMRA80C12H501E', childId: SARA },
      { cf: BIANCHI, childId: 'nobody' },
    ]) {
      const response = await call(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Il figlio indicato non appartiene a questa famiglia.' });
    }
  });

  it.each([
    ['Gennaro, whose deposit is of the season before', 'SPSLGU75A14H501I', 'son-esposito-gennaro', 'Gennaro'],
    ['Marco, without a deposit', 'RSSMRA80C12H501E', 'son-rossi-marco', 'Marco'],
  ])('refuses %s with 403', async (_label, cf, childId, name) => {
    const response = await call({ cf, childId });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: `La scheda medica di ${name} si carica dopo il pagamento dell'acconto del campo estivo ${SEASON.campYear}.`,
    });
  });

  it.each([[{ cf: '', childId: SARA }], [{ cf: 'BNCNNA84L45B114X', childId: SARA }], [{ cf: 42, childId: SARA }], [{ childId: SARA }]])(
    "answers 400 'Inserisci un codice fiscale valido' to %j",
    async (body) => {
      const response = await call(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Inserisci un codice fiscale valido' });
    },
  );

  it('answers 404 to a valid code nobody has', async () => {
    // Ugo Gialli, born in Rome on 1 January 1980: a valid code, not in the demo data.
    const response = await call({ cf: 'GLLGUO80A01H501C', childId: SARA });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Il codice fiscale inserito non risulta nei nostri sistemi' });
  });

  it.each([
    ['no childId', { cf: BIANCHI }],
    ['an empty childId', { cf: BIANCHI, childId: '' }],
    ['a number as childId', { cf: BIANCHI, childId: 7 }],
  ])('answers 400 to %s', async (_label, body) => {
    const response = await call(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Identificativo del figlio non valido.' });
  });

  it('answers 400 to a body that is not JSON, and 405 to other methods', async () => {
    const notJson = await call('{"cf":');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: 'Richiesta non valida: il corpo deve essere JSON.' });
    const get = await call(undefined, 'GET');
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ error: expect.any(String) });
  });

  it.each(['CLOUDINARY_CLOUD_NAME', 'CLOUDINARY_API_KEY', 'CLOUDINARY_API_SECRET'])(
    'answers 503 without %s, logging the name and no value',
    async (name) => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {});
      vi.stubEnv(name, '');
      const response = await call({ cf: BIANCHI, childId: SARA });
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: 'Il caricamento dei documenti non è configurato.' });
      expect(text).not.toContain(ACCOUNT.apiSecret);
      const logged = log.mock.calls.flat().join(' ');
      expect(logged).toContain(name);
      expect(logged).not.toContain(ACCOUNT.apiSecret);
      expect(logged).not.toContain(ACCOUNT.apiKey);
    },
  );
});

describe('get-signature: upload signatures per child and day', () => {
  const clearCounts = async () => {
    const counts = await db.collection('upload_signatures').get();
    await Promise.all(counts.docs.map((document) => document.ref.delete()));
  };
  afterEach(() => vi.useRealTimers());

  it(`signs ${MAX_UPLOAD_SIGNATURES_PER_DAY} uploads of Sara's form a day, even asked all at once; the rest answer 429 in Italian until the next day`, async () => {
    await clearCounts();
    const responses = await Promise.all(
      Array.from({ length: MAX_UPLOAD_SIGNATURES_PER_DAY + 2 }, () => call({ cf: BIANCHI, childId: SARA })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array<number>(MAX_UPLOAD_SIGNATURES_PER_DAY).fill(200), 429, 429]);
    const refused = responses.filter((response) => response.status === 429);
    for (const response of refused) {
      expect(await response.json()).toEqual({
        error:
          'Oggi ci sono già stati troppi tentativi di caricare la scheda medica di Sara: riprova domani. Se il caricamento non riesce, contatta il gruppo.',
      });
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(25 * 60 * 60);
    }
    expect((await call({ cf: BIANCHI, childId: SARA })).status).toBe(429);

    // The next day in Italy, Sara's uploads are signed again.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() + 24 * 60 * 60 * 1000));
    expect((await call({ cf: BIANCHI, childId: SARA })).status).toBe(200);
  });
});

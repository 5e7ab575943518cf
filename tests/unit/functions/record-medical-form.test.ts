import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMediaEmulatorApp } from '../../../emulators/media/server';
import { cloudinaryResponseSignature } from '../../../emulators/media/signature';
import getSignature from '../../../netlify/functions/get-signature';
import recordMedicalForm from '../../../netlify/functions/record-medical-form';
import { SEASON } from '@/config/season';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { DEMO_MEDIA } from '../../../emulators/dev/stack-environment';
import { functionContext, type NetlifyFunction } from '../../support/function-context';

const PROJECT = 'demo-record-medical-form';
const ACCOUNT = DEMO_MEDIA;
const PDF = new Uint8Array(new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'));
const BIANCHI = 'BNCNNA84L45B114C';
const SARA = 'son-bianchi-sara';
const SARA_ID = `${SEASON.medicalFormFolder}/Scheda-Medica_Bianchi-Sara`;

let db: Firestore;
let dataDir: string;
let media: ReturnType<typeof createMediaEmulatorApp>;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
  dataDir = mkdtempSync(path.join(tmpdir(), 'record-medical-form-'));
  media = createMediaEmulatorApp({ dataDir, ...ACCOUNT });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  vi.stubEnv('CLOUDINARY_CLOUD_NAME', ACCOUNT.cloudName);
  vi.stubEnv('CLOUDINARY_API_KEY', ACCOUNT.apiKey);
  vi.stubEnv('CLOUDINARY_API_SECRET', ACCOUNT.apiSecret);
  vi.stubEnv('CLOUDINARY_UPLOAD_PRESET', ACCOUNT.uploadPreset);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const post = (fn: NetlifyFunction, body: unknown) =>
  fn(
    new Request('http://localhost/.netlify/functions/x', { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) }),
    functionContext(),
  );

const record = (body: unknown) => post(recordMedicalForm, body);

interface UploadAnswer {
  public_id: string;
  version: number;
  signature: string;
}

/** The browser's first two steps for Sara: get-signature, then the upload to the media emulator. Resolves Cloudinary's answer. */
async function uploadSaraForm(): Promise<UploadAnswer> {
  const signed = (await (await post(getSignature, { cf: BIANCHI, childId: SARA })).json()) as Record<string, string | number>;
  const form = new FormData();
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'scheda.pdf');
  for (const name of ['api_key', 'timestamp', 'signature', 'folder', 'public_id', 'type', 'upload_preset'])
    form.append(name, String(signed[name]));
  const response = await media.request('/v1_1/demo/auto/upload', { method: 'POST', body: form });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as UploadAnswer;
  return { public_id: answer.public_id, version: answer.version, signature: answer.signature };
}

async function readChild(id: string) {
  const data = (await db.collection('sons').doc(id).get()).data() as { medical_doc: string; updated_at: Timestamp };
  return { medical_doc: data.medical_doc, updated_at: data.updated_at.toMillis() };
}

/** Runs `attempt` and checks that it wrote nothing on `childId`. */
async function expectNothingWritten(childId: string, attempt: () => Promise<void>) {
  const before = await readChild(childId);
  await attempt();
  expect(await readChild(childId)).toEqual(before);
}

describe('record-medical-form', () => {
  it("records a real upload of Sara's form: medical_doc is the authenticated URL, updated_at the server time", async () => {
    const upload = await uploadSaraForm();
    const before = Date.now();
    const response = await record({ cf: ' bncnna84l45b114c ', childId: SARA, upload });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ uploaded: true });
    const sara = await readChild(SARA);
    expect(sara.medical_doc).toBe(
      `https://res.cloudinary.com/demo/image/authenticated/v${upload.version}/Documenti/Schede%20Mediche%202025/Scheda-Medica_Bianchi-Sara.pdf`,
    );
    expect(sara.updated_at).toBeGreaterThanOrEqual(before - 1000);
    expect(sara.updated_at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses a forged signature with 400 and writes nothing', async () => {
    const upload = await uploadSaraForm();
    await expectNothingWritten(SARA, async () => {
      const response = await record({ cf: BIANCHI, childId: SARA, upload: { ...upload, signature: 'f'.repeat(40) } });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'Non è stato possibile verificare il caricamento: carica di nuovo la scheda medica.',
      });
    });
  });

  it('refuses another version than the one Cloudinary signed', async () => {
    const upload = await uploadSaraForm();
    await expectNothingWritten(SARA, async () => {
      const response = await record({ cf: BIANCHI, childId: SARA, upload: { ...upload, version: upload.version - 60 } });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'Non è stato possibile verificare il caricamento: carica di nuovo la scheda medica.',
      });
    });
  });

  it('refuses a genuine but stale answer (over an hour old) and one from the future', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const version of [now - 60 * 60 - 60, now + 60 * 60]) {
      const upload = { public_id: SARA_ID, version, signature: cloudinaryResponseSignature(SARA_ID, version, ACCOUNT.apiSecret) };
      await expectNothingWritten(SARA, async () => {
        const response = await record({ cf: BIANCHI, childId: SARA, upload });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ error: 'Il caricamento è scaduto: carica di nuovo la scheda medica.' });
      });
    }
  });

  it("refuses a genuine answer for another file than the child's own", async () => {
    const version = Math.floor(Date.now() / 1000);
    for (const publicId of [
      `${SEASON.medicalFormFolder}/Scheda-Medica_Rossi-Marco`,
      'Altro/Scheda-Medica_Bianchi-Sara',
      'Scheda-Medica_Bianchi-Sara',
    ]) {
      const upload = { public_id: publicId, version, signature: cloudinaryResponseSignature(publicId, version, ACCOUNT.apiSecret) };
      await expectNothingWritten(SARA, async () => {
        const response = await record({ cf: BIANCHI, childId: SARA, upload });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ error: 'Il file caricato non corrisponde alla scheda medica di questo figlio.' });
      });
    }
  });

  it("refuses Sara's genuine upload sent by another family's parent", async () => {
    const upload = await uploadSaraForm();
    await expectNothingWritten(SARA, async () => {
      const response = await record({ cf: 'RSSMRA80C12H501E', childId: SARA, upload });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Il figlio indicato non appartiene a questa famiglia.' });
    });
  });

  it('refuses a child that is not eligible with 403', async () => {
    const publicId = `${SEASON.medicalFormFolder}/Scheda-Medica_Esposito-Gennaro`;
    const version = Math.floor(Date.now() / 1000);
    const upload = { public_id: publicId, version, signature: cloudinaryResponseSignature(publicId, version, ACCOUNT.apiSecret) };
    await expectNothingWritten('son-esposito-gennaro', async () => {
      const response = await record({ cf: 'SPSLGU75A14H501I', childId: 'son-esposito-gennaro', upload });
      expect(response.status).toBe(403);
    });
  });

  it('answers 400 to an invalid fiscal code and 404 to an unknown one', async () => {
    const upload = await uploadSaraForm();
    const invalid = await record({ cf: 'BNCNNA84L45B114X', childId: SARA, upload });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: 'Inserisci un codice fiscale valido' });
    const unknown = await record({ cf: 'GLLGUO80A01H501C', childId: SARA, upload });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Il codice fiscale inserito non risulta nei nostri sistemi' });
  });

  it.each([
    ['no upload', {}],
    ['an upload without version', { upload: { public_id: SARA_ID, signature: 'a'.repeat(40) } }],
    ['a version as text', { upload: { public_id: SARA_ID, version: '1741600000', signature: 'a'.repeat(40) } }],
    ['a signature that is not hex', { upload: { public_id: SARA_ID, version: 1741600000, signature: 'not-a-signature' } }],
  ])('answers 400 to %s', async (_label, extra) => {
    const response = await record({ cf: BIANCHI, childId: SARA, ...extra });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Richiesta non valida: servono "cf", "childId" e "upload" con public_id, version e signature.',
    });
  });

  it.each(['CLOUDINARY_CLOUD_NAME', 'CLOUDINARY_API_KEY', 'CLOUDINARY_API_SECRET'])(
    'answers 503 without %s and writes nothing',
    async (name) => {
      const upload = await uploadSaraForm();
      vi.spyOn(console, 'error').mockImplementation(() => {});
      vi.stubEnv(name, '');
      await expectNothingWritten(SARA, async () => {
        const response = await record({ cf: BIANCHI, childId: SARA, upload });
        expect(response.status).toBe(503);
        const text = await response.text();
        expect(JSON.parse(text)).toEqual({ error: 'Il caricamento dei documenti non è configurato.' });
        expect(text).not.toContain(ACCOUNT.apiSecret);
      });
    },
  );

  it('answers 405 to GET', async () => {
    expect((await recordMedicalForm(new Request('http://localhost/x'), functionContext())).status).toBe(405);
  });
});

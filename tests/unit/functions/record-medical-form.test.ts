import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { v2 as cloudinary } from 'cloudinary';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMediaEmulator, type RunningMediaEmulator } from '../../../emulators/media/server';
import { storedFilePath } from '../../../emulators/media/storage';
import { cloudinaryResponseSignature } from '../../../emulators/media/signature';
import getSignature from '../../../netlify/functions/get-signature';
import { PRIVACY } from '@config/privacy';
import recordMedicalForm from '../../../netlify/functions/record-medical-form';
import { SEASON } from '@config/season';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { DEMO_MEDIA } from '../../../emulators/dev/stack-environment';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';
import { sessionHeaders } from '../../support/family-session';
import { defaultMedicalFormSettings } from '@domain/medical-forms/medical-form-settings';

const PROJECT = 'demo-record-medical-form';
const ACCOUNT = DEMO_MEDIA;
const PDF = new Uint8Array(new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'));
const BIANCHI = 'BNCNNA84L45B114C';
const SARA = 'son-bianchi-sara';
const SARA_ID = `${defaultMedicalFormSettings(SEASON.campYear).folder}/${SARA}/1741600000-0a1b2c3d`;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

let db: Firestore;
let dataDir: string;
let media: RunningMediaEmulator;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
  dataDir = mkdtempSync(path.join(tmpdir(), 'record-medical-form-'));
  media = await startMediaEmulator({ port: 0, dataDir, ...ACCOUNT });
});
afterAll(async () => {
  await media.close();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  vi.stubEnv('CLOUDINARY_CLOUD_NAME', ACCOUNT.cloudName);
  vi.stubEnv('CLOUDINARY_API_KEY', ACCOUNT.apiKey);
  vi.stubEnv('CLOUDINARY_API_SECRET', ACCOUNT.apiSecret);
  vi.stubEnv('CLOUDINARY_UPLOAD_PRESET', ACCOUNT.uploadPreset);
  vi.stubEnv('CLOUDINARY_API_URL', media.url);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const post = async (fn: NetlifyFunction, body: unknown) =>
  fn(
    browserRequest('http://localhost/.netlify/functions/x', {
      method: 'POST',
      headers: await sessionHeaders(body),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    functionContext(),
  );

/** record-medical-form with the parent's 'Ho letto l'informativa' for the notice in force, unless `body` says otherwise. */
const record = (body: object) => post(recordMedicalForm, { privacyNoticeVersion: PRIVACY.noticeVersion, ...body });

interface UploadAnswer {
  public_id: string;
  version: number;
  signature: string;
}

/** The browser's first step for Sara: get-signature's answer (the upload address and the signed fields). */
async function signSara(): Promise<Record<string, string | number>> {
  const response = await post(getSignature, { cf: BIANCHI, childId: SARA });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, string | number>;
}

/** The browser's second step: the file and every signed field to the signature's upload address; Cloudinary's answer. */
async function upload(signed: Record<string, string | number>, bytes: Uint8Array<ArrayBuffer> = PDF, name = 'scheda.pdf') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
  for (const field of ['api_key', 'timestamp', 'signature', 'folder', 'public_id', 'type', 'upload_preset', 'allowed_formats'])
    if (signed[field] !== undefined && signed[field] !== '') form.append(field, String(signed[field]));
  const response = await fetch(String(signed.upload_url), { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as UploadAnswer & { error?: { message: string } } };
}

/** get-signature, then the upload of a PDF: Cloudinary's answer for Sara. */
async function uploadSaraForm(): Promise<UploadAnswer> {
  const { status, body } = await upload(await signSara());
  expect(status).toBe(200);
  return { public_id: body.public_id, version: body.version, signature: body.signature };
}

async function readChild(id: string) {
  const data = (await db.collection('sons').doc(id).get()).data() as {
    medical_doc: string;
    medical_forms?: Array<{ public_id: string; version: number; bytes: number; season: number }>;
    updated_at: Timestamp;
  };
  return { medical_doc: data.medical_doc, medical_forms: data.medical_forms ?? [], updated_at: data.updated_at.toMillis() };
}

/** Runs `attempt` and checks that it wrote nothing on `childId`. */
async function expectNothingWritten(childId: string, attempt: () => Promise<void>) {
  const before = await readChild(childId);
  await attempt();
  expect(await readChild(childId)).toEqual(before);
}

describe('record-medical-form', () => {
  it("records a real upload of Sara's form: a file named after her id, the authenticated URL, its history entry, the server time", async () => {
    const answer = await uploadSaraForm();
    expect(answer.public_id).toMatch(new RegExp(`^${defaultMedicalFormSettings(SEASON.campYear).folder}/${SARA}/\\d+-[0-9a-f]{8}$`));
    const before = Date.now();
    const response = await record({ cf: ' bncnna84l45b114c ', childId: SARA, upload: answer });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ uploaded: true });
    const sara = await readChild(SARA);
    expect(sara.medical_doc).toBe(
      `https://res.cloudinary.com/demo/image/authenticated/v${answer.version}/${answer.public_id.split('/').map(encodeURIComponent).join('/')}.pdf`,
    );
    expect(sara.medical_forms).toEqual([
      expect.objectContaining({ public_id: answer.public_id, version: answer.version, bytes: PDF.length, season: SEASON.campYear }),
    ]);
    expect(sara.updated_at).toBeGreaterThanOrEqual(before - 1000);
    expect(sara.updated_at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('keeps the earlier form when a second one is uploaded: two files, both in the history, the newest in force', async () => {
    const first = await uploadSaraForm();
    expect((await record({ cf: BIANCHI, childId: SARA, upload: first })).status).toBe(200);
    const second = await uploadSaraForm();
    expect(second.public_id).not.toBe(first.public_id);
    expect((await record({ cf: BIANCHI, childId: SARA, upload: second })).status).toBe(200);
    const sara = await readChild(SARA);
    expect(sara.medical_forms.map((form) => form.public_id)).toEqual([first.public_id, second.public_id]);
    expect(sara.medical_doc).toContain(encodeURIComponent(second.public_id.split('/').at(-1) ?? ''));
    for (const publicId of [first.public_id, second.public_id]) {
      const file = storedFilePath(dataDir, { cloudName: 'demo', resourceType: 'image', type: 'authenticated', publicId, format: 'pdf' });
      expect(existsSync(file)).toBe(true);
    }
  });

  it('records the same upload once when it is sent twice', async () => {
    const answer = await uploadSaraForm();
    await record({ cf: BIANCHI, childId: SARA, upload: answer });
    await record({ cf: BIANCHI, childId: SARA, upload: answer });
    expect((await readChild(SARA)).medical_forms).toHaveLength(1);
  });

  it("refuses a replayed upload answer with 409 before any call to Cloudinary's Admin API", async () => {
    const answer = await uploadSaraForm();
    media.adminApiCalls.clear();
    expect((await record({ cf: BIANCHI, childId: SARA, upload: answer })).status).toBe(200);
    expect(media.adminApiCalls.list()).toHaveLength(1);
    const replays = await Promise.all([1, 2, 3].map(() => record({ cf: BIANCHI, childId: SARA, upload: answer })));
    for (const replay of replays) {
      expect(replay.status).toBe(409);
      expect(await replay.json()).toEqual({ error: 'Questa scheda medica è già stata ricevuta: non serve inviarla di nuovo.' });
    }
    expect(media.adminApiCalls.list()).toHaveLength(1);
    expect((await readChild(SARA)).medical_forms).toHaveLength(1);
  });

  it('keeps a form recorded before the history: it joins the history when a new one arrives', async () => {
    const old = `https://res.cloudinary.com/demo/image/authenticated/v1741600000/Documenti/Schede%20Mediche%20${SEASON.campYear}/Scheda-Medica_Bianchi-Sara.pdf`;
    await db
      .collection('sons')
      .doc(SARA)
      .update({ medical_doc: old, updated_at: new Date(SEASON.startsAt.getTime() + 86_400_000) });
    const answer = await uploadSaraForm();
    expect((await record({ cf: BIANCHI, childId: SARA, upload: answer })).status).toBe(200);
    expect((await readChild(SARA)).medical_forms.map((form) => [form.public_id, form.version])).toEqual([
      [`${defaultMedicalFormSettings(SEASON.campYear).folder}/Scheda-Medica_Bianchi-Sara`, 1741600000],
      [answer.public_id, answer.version],
    ]);
  });

  it('a PNG renamed .pdf and a PDF over 10 MB are refused by the upload itself; nothing is recorded', async () => {
    const signed = await signSara();
    expect(signed.allowed_formats).toBe('pdf');
    await expectNothingWritten(SARA, async () => {
      const png = await upload(signed, new Uint8Array(PNG), 'scheda.pdf');
      expect(png.status).toBe(400);
      expect(png.body.error?.message).toMatch(/png not allowed/);
      const large = new Uint8Array(11 * 1024 * 1024);
      large.set(PDF);
      expect((await upload(signed, large)).status).toBe(400);
    });
  });

  it('refuses with 422 a genuine upload that Cloudinary stored as something else than a PDF, and records nothing', async () => {
    // An upload signed without allowed_formats (a Cloudinary account that ignored it): the Admin API shows what was stored.
    const publicId = `${SARA}/1741600000-0a1b2c3d`;
    const params = {
      folder: defaultMedicalFormSettings(SEASON.campYear).folder,
      public_id: publicId,
      timestamp: String(Math.floor(Date.now() / 1000)),
      type: 'authenticated',
      upload_preset: ACCOUNT.uploadPreset,
    };
    const signature = cloudinary.utils.api_sign_request(params, ACCOUNT.apiSecret);
    const stored = await upload(
      { ...params, signature, api_key: ACCOUNT.apiKey, upload_url: `${media.url}/v1_1/demo/image/upload` },
      new Uint8Array(PNG),
    );
    expect(stored.status).toBe(200);
    await expectNothingWritten(SARA, async () => {
      const response = await record({ cf: BIANCHI, childId: SARA, upload: stored.body });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        error: 'Il file caricato non è un PDF di al massimo 10 MB: carica di nuovo la scheda medica.',
      });
    });
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
      `${defaultMedicalFormSettings(SEASON.campYear).folder}/son-rossi-marco/1741600000-0a1b2c3d`,
      `${defaultMedicalFormSettings(SEASON.campYear).folder}/Scheda-Medica_Bianchi-Sara`,
      `Altro/${SARA}/1741600000-0a1b2c3d`,
      `${SARA}/1741600000-0a1b2c3d`,
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
    const publicId = `${defaultMedicalFormSettings(SEASON.campYear).folder}/son-esposito-gennaro/1741600000-0a1b2c3d`;
    const version = Math.floor(Date.now() / 1000);
    const upload = { public_id: publicId, version, signature: cloudinaryResponseSignature(publicId, version, ACCOUNT.apiSecret) };
    await expectNothingWritten('son-esposito-gennaro', async () => {
      const response = await record({ cf: 'SPSLGU75A14H501I', childId: 'son-esposito-gennaro', upload });
      expect(response.status).toBe(403);
    });
  });

  it("stores the parent's consent with the form, and refuses a form without it (400) or for a notice since changed (409)", async () => {
    const upload = await uploadSaraForm();
    const missing = await record({ cf: BIANCHI, childId: SARA, upload, privacyNoticeVersion: undefined });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'Per caricare la scheda medica conferma di aver letto l’informativa sulla privacy.' });
    const outdated = await record({ cf: BIANCHI, childId: SARA, upload, privacyNoticeVersion: '2000-01-01' });
    expect(outdated.status).toBe(409);
    expect(await outdated.json()).toEqual({
      error: 'L’informativa sulla privacy è stata aggiornata: ricarica la pagina, rileggila e conferma.',
    });
    expect((await db.collection('sons').doc(SARA).get()).get('medical_forms')).toBeUndefined();

    expect((await record({ cf: BIANCHI, childId: SARA, upload })).status).toBe(200);
    const [form] = (await db.collection('sons').doc(SARA).get()).get('medical_forms') as {
      consent: { at: { toDate(): Date }; notice_version: string };
    }[];
    expect(form?.consent.notice_version).toBe(PRIVACY.noticeVersion);
    expect(Math.abs(form!.consent.at.toDate().getTime() - Date.now())).toBeLessThan(60_000);
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
    expect((await recordMedicalForm(browserRequest('http://localhost/x'), functionContext())).status).toBe(405);
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getAuth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMediaEmulator, type RunningMediaEmulator } from '../../../emulators/media/server';
import { storedFilePath } from '../../../emulators/media/storage';
import adminMedicalForm from '../../../netlify/functions/admin-medical-form';
import getSignature from '../../../netlify/functions/get-signature';
import recordMedicalForm from '../../../netlify/functions/record-medical-form';
import { getAdminApp } from '../../../netlify/lib/platform/firestore';
import { SEASON } from '@config/season';
import { PRIVACY } from '@config/privacy';
import { startTestAuth, type TestAuth } from '../../support/auth-emulator';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { DEMO_MEDIA } from '../../../emulators/dev/stack-environment';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';
import { storedSessionHeaders } from '../../support/family-session';
import { defaultMedicalFormSettings } from '@domain/medical-forms/medical-form-settings';

/**
 * admin-medical-form against the real pieces (docs/admin-enrolment.md,
 * "Opening a medical form"): firebase-admin verifies ID tokens issued by the
 * Firebase Auth emulator the dev stack uses (started here on free ports),
 * reads the Firestore emulator of the test run, and signs a download URL
 * that the media emulator (started here) serves or refuses.
 */

const PROJECT = 'demo-admin-medical-form';
const ACCOUNT = DEMO_MEDIA;
const PDF = new Uint8Array(new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'));
const BIANCHI = 'BNCNNA84L45B114C';
const SARA = 'son-bianchi-sara';
const GIULIA_CLAN = 'son-rossi-giulia';
const ADMIN = { email: 'tesoriere@example.com' };
const PARENT = { email: 'genitore@example.com' };

let db: Firestore;
let dataDir: string;
let media: RunningMediaEmulator;
let auth: TestAuth;
let adminToken: string;
let parentToken: string;
let leaderToken: string;
let treasurerToken: string;

/** An unsigned JWT (the Auth emulator's own form) with `claims` over a real token's payload. */
function emulatorStyleToken(realToken: string, claims: Record<string, unknown>): string {
  const [, payload = ''] = realToken.split('.');
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...decoded, ...claims })}.`;
}

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
  dataDir = mkdtempSync(path.join(tmpdir(), 'admin-medical-form-'));
  auth = await startTestAuth(PROJECT);
  media = await startMediaEmulator({ port: 0, dataDir: path.join(dataDir, 'media'), ...ACCOUNT });
  adminToken = await auth.account(ADMIN.email, { role: 'admin' });
  parentToken = await auth.account(PARENT.email);
  leaderToken = await auth.account('capo.reparto@example.com', { role: 'capo', branches: ['Reparto'] });
  treasurerToken = await auth.account('cassa@example.com', { role: 'tesoriere' });
}, 120_000);

afterAll(async () => {
  await media.close();
  await auth.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  vi.stubEnv('CLOUDINARY_CLOUD_NAME', ACCOUNT.cloudName);
  vi.stubEnv('CLOUDINARY_API_KEY', ACCOUNT.apiKey);
  vi.stubEnv('CLOUDINARY_API_SECRET', ACCOUNT.apiSecret);
  vi.stubEnv('CLOUDINARY_UPLOAD_PRESET', ACCOUNT.uploadPreset);
  vi.stubEnv('CLOUDINARY_API_URL', media.url);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  // Each test makes its own parents' requests: the fiscal-code budget is not what is tested here.
  vi.stubEnv('FISCAL_CODE_REQUESTS_PER_MINUTE', '1000');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const post = async (fn: NetlifyFunction, body: unknown, headers: Record<string, string> = {}) =>
  fn(
    browserRequest('http://localhost/.netlify/functions/x', {
      method: 'POST',
      headers: { ...(await storedSessionHeaders(db, body)), ...headers },
      body: JSON.stringify(body),
    }),
    functionContext(),
  );

const openForm = (childId: string, token?: string) =>
  post(adminMedicalForm, { childId }, token === undefined ? {} : { authorization: `Bearer ${token}` });

/** A parent's path: get-signature, the upload to the address it gives, record-medical-form. Resolves the stored public id. */
async function uploadForm(cf: string, childId: string, bytes: Uint8Array<ArrayBuffer> = PDF): Promise<string> {
  const signed = (await (await post(getSignature, { cf, childId })).json()) as Record<string, string | number>;
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'scheda.pdf');
  for (const name of ['api_key', 'timestamp', 'signature', 'folder', 'public_id', 'type', 'upload_preset', 'allowed_formats'])
    form.append(name, String(signed[name]));
  const uploaded = await fetch(String(signed.upload_url), { method: 'POST', body: form });
  const answer = (await uploaded.json()) as { public_id: string; version: number; signature: string };
  const recorded = await post(recordMedicalForm, { cf, childId, upload: answer, privacyNoticeVersion: PRIVACY.noticeVersion });
  expect(recorded.status).toBe(200);
  return answer.public_id;
}

const uploadSaraForm = () => uploadForm(BIANCHI, SARA);

describe('admin-medical-form', () => {
  it("answers the admin a 5-minute signed URL that downloads Sara's PDF from the media emulator", async () => {
    const publicId = await uploadSaraForm();
    const before = Date.now();
    const response = await openForm(SARA, adminToken);
    expect(response.status).toBe(200);
    const { url, expiresAt } = (await response.json()) as { url: string; expiresAt: string };
    const expiry = Date.parse(expiresAt);
    expect(expiry).toBeGreaterThanOrEqual(before + 5 * 60 * 1000 - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 5 * 60 * 1000);
    const signed = new URL(url);
    expect(`${signed.origin}${signed.pathname}`).toBe(`${media.url}/v1_1/demo/image/download`);
    expect(signed.searchParams.get('public_id')).toBe(publicId);
    expect(signed.searchParams.get('type')).toBe('authenticated');
    expect(Number(signed.searchParams.get('expires_at')) * 1000).toBe(expiry);

    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    // The file a person downloads keeps the spec's name.
    expect(download.headers.get('content-disposition')).toContain('filename="Scheda-Medica_Bianchi-Sara.pdf"');
    const stored = storedFilePath(path.join(dataDir, 'media'), {
      cloudName: 'demo',
      resourceType: 'image',
      type: 'authenticated',
      publicId,
      format: 'pdf',
    });
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(new Uint8Array(readFileSync(stored)));
  });

  it('writes who opened which form, and when, to the audit log', async () => {
    const publicId = await uploadSaraForm();
    expect((await openForm(SARA, adminToken)).status).toBe(200);
    const entries = (await db.collection('audit_log').get()).docs.map((doc) => doc.data());
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'medical_form.open',
        actor: expect.objectContaining({ email: ADMIN.email }),
        target: { collection: 'sons', id: SARA },
        after: { public_id: publicId },
      }),
    ]);
    // A refused opening leaves no trace but the refusal.
    expect((await openForm(SARA, parentToken)).status).toBe(403);
    expect((await db.collection('audit_log').count().get()).data().count).toBe(1);
  });

  it("two children with the same name in two families: two files, and each link opens its own child's form", async () => {
    const russi = [
      {
        family: 'family-russo-a',
        parent: 'parent-russo-a',
        cf: 'RSSPLA70A01H501R',
        child: 'son-russo-a-giuseppe',
        bytes: '%PDF-1.7 cousin A',
      },
      {
        family: 'family-russo-b',
        parent: 'parent-russo-b',
        cf: 'RSSFNC72B42F839L',
        child: 'son-russo-b-giuseppe',
        bytes: '%PDF-1.7 cousin B',
      },
    ];
    for (const russo of russi) {
      const now = new Date();
      await db.collection('families').doc(russo.family).set({ id: russo.family, surname: 'Russo', orders_id: [], updated_at: now });
      await db.collection('parents').doc(russo.parent).set({ id: russo.parent, cf: russo.cf, family_id: russo.family });
      await db.collection('sons').doc(russo.child).set({
        id: russo.child,
        family_id: russo.family,
        name: 'Giuseppe',
        surname: 'Russo',
        cf: 'RSSGPP12A01H501H',
        branch: 'Reparto',
        medical_doc: '',
        updated_at: now,
      });
      await db
        .collection('order_items')
        .doc(`${SEASON.campYear}_campo-acconto_${russo.child}`)
        .set({
          id: `${SEASON.campYear}_campo-acconto_${russo.child}`,
          created_at: now,
          season: SEASON.campYear,
          family_id: russo.family,
          payment_id: `payment-${russo.child}`,
          note: '',
          plan: 'Campo Estivo - Acconto',
          son_info: { id: russo.child, name: 'Giuseppe', surname: 'Russo' },
          price: 100,
        });
    }
    const ids = [];
    for (const russo of russi) ids.push(await uploadForm(russo.cf, russo.child, new Uint8Array(new TextEncoder().encode(russo.bytes))));
    expect(new Set(ids).size).toBe(2);
    for (const russo of russi) {
      const { url } = (await (await openForm(russo.child, adminToken)).json()) as { url: string };
      const download = await fetch(url);
      expect(await download.text()).toBe(russo.bytes);
      expect(download.headers.get('content-disposition')).toContain('filename="Scheda-Medica_Russo-Giuseppe.pdf"');
    }
  });

  it("opens a replaced form by its public id, and nothing that is not in the child's history", async () => {
    const first = await uploadForm(BIANCHI, SARA, new Uint8Array(new TextEncoder().encode('%PDF-1.7 first')));
    await uploadForm(BIANCHI, SARA, new Uint8Array(new TextEncoder().encode('%PDF-1.7 second')));
    const newest = (await (await openForm(SARA, adminToken)).json()) as { url: string };
    expect(await (await fetch(newest.url)).text()).toBe('%PDF-1.7 second');
    const earlier = await post(adminMedicalForm, { childId: SARA, publicId: first }, { authorization: `Bearer ${adminToken}` });
    expect(await (await fetch(((await earlier.json()) as { url: string }).url)).text()).toBe('%PDF-1.7 first');
    for (const publicId of [`${defaultMedicalFormSettings(SEASON.campYear).folder}/son-rossi-marco/1741600000-0a1b2c3d`, 'anything']) {
      const refused = await post(adminMedicalForm, { childId: SARA, publicId }, { authorization: `Bearer ${adminToken}` });
      expect(refused.status).toBe(404);
    }
  });

  it('gives a URL the media emulator refuses once its 5 minutes are over', async () => {
    await uploadSaraForm();
    const { url } = (await (await openForm(SARA, adminToken)).json()) as { url: string };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 2000);
    const late = await fetch(url);
    expect(late.status).toBe(401);
  });

  it('refuses a request without a token, or with a token that is not a Bearer one, with 401', async () => {
    await uploadSaraForm();
    const variants: Array<Record<string, string>> = [
      {},
      { authorization: adminToken },
      { authorization: 'Bearer ' },
      { authorization: 'Basic YWRtaW46YWRtaW4=' },
    ];
    for (const headers of variants) {
      const response = await post(adminMedicalForm, { childId: SARA }, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Accesso admin richiesto.' });
    }
  });

  it('refuses a forged, a garbled and an expired token with 401, and answers no URL', async () => {
    await uploadSaraForm();
    const [header = '', payload = ''] = adminToken.split('.');
    const rs256 = Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'forged', typ: 'JWT' })).toString('base64url');
    const nowSeconds = Math.floor(Date.now() / 1000);
    for (const token of [
      `${rs256}.${payload}.${Buffer.from('not a signature').toString('base64url')}`,
      `${header}.${payload.slice(0, -4)}`,
      'not-a-token',
      emulatorStyleToken(adminToken, { iat: nowSeconds - 2 * 60 * 60, exp: nowSeconds - 60 * 60 }),
    ]) {
      const response = await openForm(SARA, token);
      const text = await response.text();
      expect(response.status).toBe(401);
      expect(JSON.parse(text)).toEqual({ error: 'Accesso admin richiesto.' });
      expect(text).not.toContain('http');
    }
  });

  it("refuses a signed-in account without the admin claim with 403, and a parent's token turned admin for another project", async () => {
    await uploadSaraForm();
    const response = await openForm(SARA, parentToken);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Questo account non è un amministratore.' });

    const otherProject = emulatorStyleToken(parentToken, {
      role: 'admin',
      aud: 'another-project',
      iss: 'https://securetoken.google.com/another-project',
    });
    expect((await openForm(SARA, otherProject)).status).toBe(401);
  });

  it("lets a Reparto leader open a Reparto child's form, not a Clan child's (403); the treasurer opens none", async () => {
    await uploadSaraForm();
    // Giulia's record gets Sara's file: what is refused is the branch, not a missing form.
    const sara = (await db.collection('sons').doc(SARA).get()).data() ?? {};
    await db.collection('sons').doc(GIULIA_CLAN).update({ medical_forms: sara.medical_forms, medical_doc: sara.medical_doc });
    expect((await openForm(GIULIA_CLAN, adminToken)).status).toBe(200);
    expect((await openForm(SARA, leaderToken)).status).toBe(200);
    const clan = await openForm(GIULIA_CLAN, leaderToken);
    expect(clan.status).toBe(403);
    expect(await clan.json()).toEqual({ error: 'Puoi aprire solo le schede mediche dei ragazzi della tua branca.' });
    for (const childId of [SARA, GIULIA_CLAN]) {
      const treasurer = await openForm(childId, treasurerToken);
      expect(treasurer.status).toBe(403);
      expect(await treasurer.json()).toEqual({ error: 'Il tuo ruolo non permette questa operazione.' });
    }
    const opened = await db.collection('audit_log').where('action', '==', 'medical_form.open').get();
    expect(opened.docs.map((entry) => [entry.get('actor.email'), entry.get('target.id')]).sort()).toEqual([
      ['capo.reparto@example.com', SARA],
      [ADMIN.email, GIULIA_CLAN],
    ]);
  });

  it('refuses the admin of a disabled account with 401', async () => {
    await uploadSaraForm();
    const auth = getAuth(getAdminApp());
    const user = await auth.getUserByEmail(ADMIN.email);
    await auth.updateUser(user.uid, { disabled: true });
    try {
      expect((await openForm(SARA, adminToken)).status).toBe(401);
    } finally {
      await auth.updateUser(user.uid, { disabled: false });
    }
  });

  it('answers 404 when the child has no form, or is unknown', async () => {
    for (const childId of ['son-rossi-marco', 'son-nobody']) {
      const response = await openForm(childId, adminToken);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Nessuna scheda medica ricevuta per questo figlio.' });
    }
  });

  it("answers 409 when the stored URL is not one of this account's forms", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const stored of [
      'https://res.cloudinary.com/other/image/authenticated/v1/Documenti/x.pdf',
      'https://evil.example/demo/image/authenticated/v1/Documenti/x.pdf',
      'https://res.cloudinary.com/demo/image/upload/v1/Documenti/x.pdf',
      'https://res.cloudinary.com/demo/image/authenticated/v1/..%2F..%2Fx.pdf',
    ]) {
      await db.collection('sons').doc(SARA).update({ medical_doc: stored });
      const response = await openForm(SARA, adminToken);
      expect(response.status).toBe(409);
    }
  });

  it('answers 400 to a body without childId, and 503 without Cloudinary settings', async () => {
    const malformed = await post(adminMedicalForm, { child: SARA }, { authorization: `Bearer ${adminToken}` });
    expect(malformed.status).toBe(400);
    await uploadSaraForm();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('CLOUDINARY_API_SECRET', '');
    const response = await openForm(SARA, adminToken);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'Il caricamento dei documenti non è configurato.' });
  });

  it('answers 405 to GET', async () => {
    expect((await adminMedicalForm(browserRequest('http://localhost/x'), functionContext())).status).toBe(405);
  });
});

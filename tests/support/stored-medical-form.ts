import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { DEMO_MEDIA } from '../../emulators/dev/stack-environment';
import { startMediaEmulator, type RunningMediaEmulator } from '../../emulators/media/server';
import { storedFilePath } from '../../emulators/media/storage';
import { medicalFormDeliveryUrl, signMedicalFormUpload } from '../../netlify/lib/medical-forms/medical-form-files';
import { requireCloudinary } from '../../netlify/lib/platform/cloudinary';
import { existsSync } from 'node:fs';

const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * The media (Cloudinary) emulator for one test file, with the Cloudinary
 * variables pointed at it before each test. `storeForm` uploads a PDF as a
 * parent's upload does (signed, type authenticated) and records it in the
 * child's `medical_forms` with `season`, as record-medical-form would;
 * `uploadOnly` uploads and records nothing; `isStored` says whether the
 * emulator still holds a public id.
 */
export function mediaEmulatorTestbed() {
  let media: RunningMediaEmulator | undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'media-'));
    media = await startMediaEmulator({ port: 0, dataDir, ...DEMO_MEDIA });
  });
  afterAll(async () => {
    await media?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    vi.stubEnv('CLOUDINARY_CLOUD_NAME', DEMO_MEDIA.cloudName);
    vi.stubEnv('CLOUDINARY_API_KEY', DEMO_MEDIA.apiKey);
    vi.stubEnv('CLOUDINARY_API_SECRET', DEMO_MEDIA.apiSecret);
    vi.stubEnv('CLOUDINARY_UPLOAD_PRESET', DEMO_MEDIA.uploadPreset);
    vi.stubEnv('CLOUDINARY_API_URL', media?.url ?? '');
  });
  afterEach(() => vi.unstubAllEnvs());

  /**
   * Uploads a PDF as a parent's browser does after get-signature, into
   * `folder` (the season's default) and under `resourceType` (the signed
   * parameters posted to `.../{resourceType}/upload`), and records nothing.
   */
  async function uploadForm(
    childId: string,
    season: number,
    { folder = `Documenti/Schede Mediche ${season}`, resourceType = 'image' }: { folder?: string; resourceType?: string } = {},
  ) {
    const settings = requireCloudinary();
    const signed = signMedicalFormUpload(settings, { folder, childId });
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'scheda.pdf');
    for (const [name, value] of Object.entries(signed)) if (name !== 'upload_url' && value) form.append(name, String(value));
    const uploaded = await fetch(signed.upload_url.replace('/image/upload', `/${resourceType}/upload`), { method: 'POST', body: form });
    const answer = (await uploaded.json()) as { public_id: string; version: number; bytes: number };
    if (!uploaded.ok) throw new Error(`upload refused: ${JSON.stringify(answer)}`);
    return { settings, answer };
  }

  return {
    /** An upload nobody recorded (the tab closed before record-medical-form): its full public id. */
    async uploadOnly(childId: string, season: number, where?: { folder?: string; resourceType?: string }): Promise<string> {
      return (await uploadForm(childId, season, where)).answer.public_id;
    },
    async storeForm(db: Firestore, childId: string, season: number): Promise<string> {
      const { settings, answer } = await uploadForm(childId, season);
      await db
        .collection('sons')
        .doc(childId)
        .update({
          medical_doc: medicalFormDeliveryUrl(settings, answer.public_id, answer.version),
          medical_forms: FieldValue.arrayUnion({
            public_id: answer.public_id,
            version: answer.version,
            bytes: answer.bytes,
            season,
            received_at: Timestamp.now(),
          }),
        });
      return answer.public_id;
    },
    /** Forgets every file stored so far (the emulator keeps its files across the tests of a file). */
    clear(): void {
      for (const entry of readdirSync(dataDir)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    },
    /** True when the emulator holds `publicId` as a PDF of `resourceType` (image, as parents' uploads are, unless told). */
    isStored(publicId: string, resourceType = 'image'): boolean {
      return existsSync(
        storedFilePath(dataDir, { cloudName: DEMO_MEDIA.cloudName, resourceType, type: 'authenticated', publicId, format: 'pdf' }),
      );
    },
  };
}

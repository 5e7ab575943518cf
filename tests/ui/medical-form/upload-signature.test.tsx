import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchUploadSignature } from '@/features/medical-form/api/get-signature';
import { uploadToCloudinary, type UploadSignature } from '@/lib/cloudinary-upload';
import { fn, setupFunctionsServer } from '../support/functions';

// get-signature and the upload endpoint are faked at the network edge (msw).
const server = setupFunctionsServer();
afterEach(() => vi.restoreAllMocks());

const UPLOAD_URL = 'http://media.test/v1_1/demo/image/upload';
const request = { cf: 'BNCNNA84L45B114C', childId: 'son-bianchi-sara' };
const signed: UploadSignature = {
  upload_url: UPLOAD_URL,
  timestamp: 1741600000,
  signature: 'abc',
  api_key: 'k',
  upload_preset: 'p',
  folder: 'Documenti/Schede Mediche 2025',
  public_id: 'Scheda-Medica_Bianchi-Sara',
  type: 'authenticated',
  allowed_formats: 'pdf',
};

const getSignature = (answer: () => Response, bodies: unknown[] = []) => server.use(fn('get-signature', answer, bodies));

describe('fetchUploadSignature (docs/api.md, get-signature)', () => {
  it('posts the fiscal code and the child, and returns what the server signed', async () => {
    const bodies: unknown[] = [];
    getSignature(() => HttpResponse.json(signed), bodies);
    await expect(fetchUploadSignature(request)).resolves.toEqual(signed);
    expect(bodies).toEqual([request]);
  });

  it("logs and throws 'Errore nel recupero della firma' with the server's reason when the function refuses", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    getSignature(() => HttpResponse.json({ error: 'Il figlio indicato non appartiene a questa famiglia.' }, { status: 400 }));
    await expect(fetchUploadSignature(request)).rejects.toThrow(
      'Errore nel recupero della firma: Il figlio indicato non appartiene a questa famiglia.',
    );
    expect(log).toHaveBeenCalledWith('Errore nel recupero della firma', expect.anything());
  });

  it("logs and throws 'Errore nel recupero della firma' when the function cannot be reached", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    getSignature(() => HttpResponse.error());
    await expect(fetchUploadSignature(request)).rejects.toThrow(/^Errore nel recupero della firma: Il servizio non è raggiungibile/);
    expect(log).toHaveBeenCalledWith('Errore nel recupero della firma', expect.anything());
  });

  it("says 'Errore nel recupero della firma' with the server's reason when Cloudinary is not configured (503)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    getSignature(() => HttpResponse.json({ error: 'Il caricamento dei documenti non è configurato.' }, { status: 503 }));
    await expect(fetchUploadSignature(request)).rejects.toMatchObject({
      message: 'Errore nel recupero della firma: Il caricamento dei documenti non è configurato.',
      status: 503,
    });
  });

  it("logs and throws 'Firma non ricevuta' when the answer has no signature", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    getSignature(() => HttpResponse.json({ ...signed, signature: undefined }));
    await expect(fetchUploadSignature(request)).rejects.toThrow('Firma non ricevuta');
    getSignature(() => HttpResponse.json({ ...signed, signature: '' }));
    await expect(fetchUploadSignature(request)).rejects.toThrow('Firma non ricevuta');
    expect(log).toHaveBeenCalledWith('Firma non ricevuta', expect.anything());
  });

  it("logs and throws 'Firma non ricevuta' when the answer has no upload address", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    getSignature(() => HttpResponse.json({ ...signed, upload_url: undefined }));
    await expect(fetchUploadSignature(request)).rejects.toThrow('Firma non ricevuta');
    expect(log).toHaveBeenCalledWith('Firma non ricevuta', expect.anything());
  });

  it("refuses an upload address that is not http(s): 'Firma non ricevuta', nothing posted there", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    getSignature(() => HttpResponse.json({ ...signed, upload_url: 'javascript:alert(1)' }));
    await expect(fetchUploadSignature(request)).rejects.toMatchObject({ message: 'Firma non ricevuta', status: 200 });
  });

  it("says 'Firma non ricevuta' for an answer without the upload preset or the allowed formats its contract names", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    getSignature(() => HttpResponse.json({ ...signed, upload_preset: undefined }));
    await expect(fetchUploadSignature(request)).rejects.toThrow('Firma non ricevuta');
    getSignature(() => HttpResponse.json({ ...signed, allowed_formats: 'jpg' }));
    await expect(fetchUploadSignature(request)).rejects.toThrow('Firma non ricevuta');
  });
});

describe('uploadToCloudinary', () => {
  const file = new File(['%PDF-1.7'], 'sara.pdf', { type: 'application/pdf' });

  it("posts to the signature's upload_url the signed fields (allowed_formats too, no empty preset) and returns the answer's public id, version and signature", async () => {
    let fields: Record<string, string> = {};
    server.use(
      http.post(UPLOAD_URL, async ({ request: received }) => {
        const form = await received.formData();
        fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')) as Record<string, string>;
        return HttpResponse.json({
          public_id: `${signed.folder}/${signed.public_id}`,
          version: 1741600001,
          signature: 'def',
          url: 'http://x',
        });
      }),
    );
    const progress: number[] = [];
    const answer = await uploadToCloudinary({
      file,
      signature: { ...signed, upload_preset: '' },
      onProgress: (f) => progress.push(f),
    });
    expect(answer).toEqual({ public_id: `${signed.folder}/${signed.public_id}`, version: 1741600001, signature: 'def' });
    expect(fields).toEqual({
      api_key: 'k',
      timestamp: '1741600000',
      signature: 'abc',
      folder: signed.folder,
      public_id: signed.public_id,
      type: 'authenticated',
      allowed_formats: 'pdf',
    });
    expect(progress.at(-1)).toBe(1);
  });

  it('posts to whatever address the signature names, and leaves out empty allowed formats', async () => {
    const elsewhere = 'https://api.cloudinary.test/v1_1/scout-cloud/image/upload';
    let fields: Record<string, string> = {};
    server.use(
      http.post(elsewhere, async ({ request: received }) => {
        const form = await received.formData();
        fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')) as Record<string, string>;
        return HttpResponse.json({ public_id: `${signed.folder}/${signed.public_id}`, version: 1741600001, signature: 'def' });
      }),
    );
    await uploadToCloudinary({ file, signature: { ...signed, upload_url: elsewhere, allowed_formats: '' } });
    expect(fields).toHaveProperty('upload_preset', 'p');
    expect(fields).not.toHaveProperty('allowed_formats');
  });

  it.each([
    ['an error answer', () => HttpResponse.json({ error: { message: 'Invalid Signature' } }, { status: 401 })],
    ['an answer without signature', () => HttpResponse.json({ public_id: 'x', version: 1 })],
    ['a network error', () => HttpResponse.error()],
  ])('logs and throws "Errore nell\'upload su Cloudinary" on %s', async (_label, answer) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post(UPLOAD_URL, answer));
    await expect(uploadToCloudinary({ file, signature: signed })).rejects.toThrow("Errore nell'upload su Cloudinary");
    expect(log).toHaveBeenCalledWith("Errore nell'upload su Cloudinary", expect.anything());
  });
});

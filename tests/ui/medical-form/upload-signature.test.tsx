import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchUploadSignature } from '../../../src/lib/cloudinary-upload';

const request = { folder: 'Documenti/Schede Mediche 2025', public_id: 'Scheda-Medica_Bianchi-Sara' };
const json = (body: unknown, status = 200) => vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));

afterEach(() => vi.restoreAllMocks());

describe('fetchUploadSignature (SPEC.md section 8)', () => {
  it('posts folder and public_id and returns the signature', async () => {
    const fetchImpl = json({ timestamp: 1, signature: 'abc', api_key: 'k', upload_preset: 'p' });
    await expect(fetchUploadSignature(request, fetchImpl)).resolves.toEqual({ timestamp: 1, signature: 'abc', api_key: 'k', upload_preset: 'p' });
    const [url, init] = fetchImpl.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/.netlify/functions/get-signature');
    expect(JSON.parse(init.body as string)).toEqual(request);
  });

  it("logs and throws 'Errore nel recupero della firma' when the function fails", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(fetchUploadSignature(request, json({ error: 'no' }, 503))).rejects.toThrow('Errore nel recupero della firma');
    await expect(fetchUploadSignature(request, vi.fn().mockRejectedValue(new TypeError('offline')))).rejects.toThrow('Errore nel recupero della firma');
    expect(log).toHaveBeenCalledWith('Errore nel recupero della firma', expect.anything());
  });

  it("logs and throws 'Firma non ricevuta' when the answer has no signature", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(fetchUploadSignature(request, json({ timestamp: 1, api_key: 'k' }))).rejects.toThrow('Firma non ricevuta');
    expect(log).toHaveBeenCalledWith('Firma non ricevuta', expect.anything());
  });
});

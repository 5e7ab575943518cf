import { v2 as cloudinary } from 'cloudinary';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import getSignature from '../../../netlify/functions/get-signature';
import { SEASON } from '../../../src/config/season';

const SECRET = 'demo-api-secret';

beforeEach(() => {
  vi.stubEnv('CLOUDINARY_CLOUD_NAME', 'demo');
  vi.stubEnv('CLOUDINARY_API_KEY', 'demo-api-key');
  vi.stubEnv('CLOUDINARY_API_SECRET', SECRET);
  vi.stubEnv('CLOUDINARY_UPLOAD_PRESET', 'schede-mediche');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const call = (body: unknown, method = 'POST') =>
  getSignature(
    new Request('http://localhost/.netlify/functions/get-signature', {
      method,
      ...(method === 'GET' ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }),
  );

describe('get-signature', () => {
  it('signs the season folder and a Scheda-Medica public id so that the cloudinary SDK verifies it', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await call({ folder: SEASON.medicalFormFolder, public_id: "Scheda-Medica_D'Amico-Anna Maria" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { timestamp: number; signature: string; api_key: string; upload_preset: string };
    expect(body.api_key).toBe('demo-api-key');
    expect(body.upload_preset).toBe('schede-mediche');
    expect(body.timestamp).toBeGreaterThanOrEqual(before);
    const expected = cloudinary.utils.api_sign_request(
      { folder: SEASON.medicalFormFolder, public_id: "Scheda-Medica_D'Amico-Anna Maria", timestamp: body.timestamp, upload_preset: 'schede-mediche' },
      SECRET,
    );
    expect(body.signature).toBe(expected);
    // A different folder gives a different signature: the signature binds the folder.
    expect(
      cloudinary.utils.api_sign_request(
        { folder: 'Altro', public_id: "Scheda-Medica_D'Amico-Anna Maria", timestamp: body.timestamp, upload_preset: 'schede-mediche' },
        SECRET,
      ),
    ).not.toBe(body.signature);
  });

  it('signs without a preset when none is configured', async () => {
    vi.stubEnv('CLOUDINARY_UPLOAD_PRESET', '');
    const body = (await (await call({ folder: SEASON.medicalFormFolder, public_id: 'Scheda-Medica_Rossi-Marco' })).json()) as {
      timestamp: number;
      signature: string;
      upload_preset: string;
    };
    expect(body.upload_preset).toBe('');
    expect(body.signature).toBe(
      cloudinary.utils.api_sign_request({ folder: SEASON.medicalFormFolder, public_id: 'Scheda-Medica_Rossi-Marco', timestamp: body.timestamp }, SECRET),
    );
  });

  it.each([
    ['another folder', { folder: 'Documenti/Altro', public_id: 'Scheda-Medica_Rossi-Marco' }, /Cartella/],
    ['a folder escaping upwards', { folder: `${SEASON.medicalFormFolder}/..`, public_id: 'Scheda-Medica_Rossi-Marco' }, /Cartella/],
    ['an id without the prefix', { folder: SEASON.medicalFormFolder, public_id: 'Rossi-Marco' }, /Nome file/],
    ['an id without a name', { folder: SEASON.medicalFormFolder, public_id: 'Scheda-Medica_Rossi' }, /Nome file/],
    ['an id with a slash', { folder: SEASON.medicalFormFolder, public_id: 'Scheda-Medica_Rossi-../Marco' }, /Nome file/],
    ['an id with digits', { folder: SEASON.medicalFormFolder, public_id: 'Scheda-Medica_Rossi-Marco2' }, /Nome file/],
    ['an id with accents (not normalised)', { folder: SEASON.medicalFormFolder, public_id: 'Scheda-Medica_Rossi-Nicolò' }, /Nome file/],
    ['a missing public_id', { folder: SEASON.medicalFormFolder }, /Richiesta non valida/],
    ['a number as folder', { folder: 1, public_id: 'Scheda-Medica_Rossi-Marco' }, /Richiesta non valida/],
    ['malformed JSON', '{"folder":', /Richiesta non valida/],
  ])('refuses %s with 400', async (_label, body, message) => {
    const response = await call(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.stringMatching(message) });
  });

  it('answers 405 to other methods', async () => {
    const response = await call(undefined, 'GET');
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it.each(['CLOUDINARY_CLOUD_NAME', 'CLOUDINARY_API_KEY', 'CLOUDINARY_API_SECRET'])('answers 503 without %s', async (name) => {
    vi.stubEnv(name, '');
    const response = await call({ folder: SEASON.medicalFormFolder, public_id: 'Scheda-Medica_Rossi-Marco' });
    expect(response.status).toBe(503);
    expect(await response.text()).not.toContain(SECRET);
  });
});

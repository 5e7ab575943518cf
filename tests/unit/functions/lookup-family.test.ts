import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import lookupFamily from '../../../netlify/functions/lookup-family';
import { SEASON } from '@config/season';
import { DEMO_ORDERS } from '../../../emulators/seed/demo-data';
import { childFiscalCode } from '../../../emulators/seed/seed';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { browserRequest, functionContext } from '../../support/function-context';
import { sessionHeaders } from '../../support/family-session';

const PROJECT = 'demo-lookup-family';

beforeAll(async () => {
  await resetToDemoData(await useEmulatorDb(PROJECT), PROJECT);
});

const call = async (body: unknown, method = 'POST') =>
  lookupFamily(
    browserRequest('http://localhost/.netlify/functions/lookup-family', {
      method,
      headers: await sessionHeaders(body),
      ...(method === 'POST' ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    }),
    functionContext(),
  );

describe('lookup-family', () => {
  it('finds the Rossi family by a messy fiscal code, children by name, with their season and medical form', async () => {
    const response = await call({ cf: ' rssmra80c12h501e ' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      family: unknown;
      children: Array<{ name: string; branch: string; paid: unknown[]; medicalForm: unknown }>;
    };
    expect(body.family).toEqual({ id: 'family-rossi', surname: 'Rossi' });
    expect(body.children.map((child) => [child.name, child.branch])).toEqual([
      ['Giulia', 'Clan'],
      ['Luca', 'Branco'],
      ['Marco', 'Reparto'],
    ]);
    expect(body.children[0]).toMatchObject({ paid: [], medicalForm: { eligible: false, uploaded: false } });
  });

  it("lists Bianchi's deposit of this season and makes Sara eligible for the medical form", async () => {
    const body = (await (await call({ cf: 'BNCNNA84L45B114C' })).json()) as { children: Array<{ paid: unknown[]; medicalForm: unknown }> };
    expect(body.children[0]?.paid).toEqual([
      { plan: 'Campo Estivo - Acconto', status: 'Confermato', date: '2025-03-10T09:30:00.000Z', note: '', method: 'Online' },
    ]);
    expect(body.children[0]?.medicalForm).toEqual({ eligible: true, uploaded: false });
  });

  it("gives the newest medical form's received date of this season", async () => {
    const db = await useEmulatorDb(PROJECT);
    const bianchi = await db.collection('sons').where('family_id', '==', 'family-bianchi').get();
    const sara = bianchi.docs[0];
    if (!sara) throw new Error('The demo data has no Bianchi child');
    const form = (at: string, season: number) => ({
      public_id: `forms/${sara.id}/1-0000000${season % 10}`,
      version: 1,
      bytes: 10,
      season,
      received_at: Timestamp.fromDate(new Date(at)),
      consent: null,
    });
    await sara.ref.update({
      medical_forms: [form('2025-04-01T08:00:00.000Z', SEASON.campYear), form('2025-05-02T08:00:00.000Z', SEASON.campYear)],
    });
    try {
      const body = (await (await call({ cf: 'BNCNNA84L45B114C' })).json()) as { children: Array<{ id: string; medicalForm: unknown }> };
      expect(body.children.find((child) => child.id === sara.id)?.medicalForm).toEqual({
        eligible: true,
        uploaded: true,
        receivedAt: '2025-05-02T08:00:00.000Z',
      });
    } finally {
      await sara.ref.update({ medical_forms: [] });
    }
  });

  it("gives each item's size as its note: the demo Verdi merchandise awaiting its transfer", async () => {
    const demo = DEMO_ORDERS.find((each) => each.familyId === 'family-verdi' && each.season === SEASON.campYear);
    if (!demo || demo.items.length === 0) throw new Error('The demo data has no Verdi order of this season');
    const body = (await (await call({ cf: 'VRDPLA78S23H501P' })).json()) as {
      children: Array<{ id: string; paid: Array<{ plan: string; status: string; note: string }> }>;
    };
    for (const item of demo.items) {
      expect(item.note).not.toBe('');
      expect(body.children.find((child) => child.id === item.childId)?.paid).toEqual([
        expect.objectContaining({ plan: item.plan, status: 'Da Verificare', note: item.note, method: 'Bonifico' }),
      ]);
    }
    const others = body.children.filter((child) => !demo.items.some((item) => item.childId === child.id));
    expect(others.map((child) => child.paid)).toEqual([[], [], [], []]);
  });

  it("leaves out Esposito's deposit of the season before", async () => {
    const body = (await (await call({ cf: 'SPSLGU75A14H501I' })).json()) as { children: Array<{ paid: unknown[]; medicalForm: unknown }> };
    expect(body.children[0]).toMatchObject({ paid: [], medicalForm: { eligible: false, uploaded: false } });
  });

  it('answers 404 with the Italian message for a valid code nobody has', async () => {
    const unknown = childFiscalCode(
      { id: 'x', surname: 'Gialli', parents: [], children: [] },
      { id: 'y', name: 'Ugo', gender: 'M', birthDate: '1980-01-01', branch: 'Clan' },
    );
    const response = await call({ cf: unknown });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Il codice fiscale inserito non risulta nei nostri sistemi' });
  });

  it('finds the Rossi family by the code typed with dashes and dots, as a parent copies it', async () => {
    const response = await call({ cf: 'rss-mra.80c12-h501e' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { family: unknown }).family).toEqual({ id: 'family-rossi', surname: 'Rossi' });
  });

  it('answers 400 when the body is not JSON', async () => {
    const response = await call('not json');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Richiesta non valida: il corpo deve essere JSON.' });
  });

  // 30 February and 32 March with their right check characters, and a birthplace no register has (M999).
  it.each([
    [{ cf: '' }],
    [{ cf: 'RSSMRA80C12H501X' }],
    [{ cf: 'RSSMRA80B30H501X' }],
    [{ cf: 'RSS-MRA-80C32-H501G' }],
    [{ cf: 'RSSMRA80C12M999V' }],
    [{ cf: 42 }],
    [{}],
    [[]],
    [{ cf: ['RSSMRA80C12H501E'] }],
  ])('answers 400 "Inserisci un codice fiscale valido" to %j', async (body) => {
    const response = await call(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Inserisci un codice fiscale valido' });
  });

  it('answers 405 to GET', async () => {
    expect((await call(null, 'GET')).status).toBe(405);
  });

  it('answers 503 in Italian when Firebase is not configured', async () => {
    vi.resetModules();
    const host = process.env.FIRESTORE_EMULATOR_HOST;
    delete process.env.FIRESTORE_EMULATOR_HOST;
    // Off the emulators the public demo SESSION_SECRET is refused first (docs/security.md, "Deploy secrets").
    vi.stubEnv('SESSION_SECRET', 'lookup-family-own-secret-0123456789-abcdef');
    try {
      const { default: fresh } = await import('../../../netlify/functions/lookup-family');
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const response = await fresh(
        browserRequest('http://localhost/x', {
          method: 'POST',
          headers: await sessionHeaders({ cf: 'RSSMRA80C12H501E' }),
          body: JSON.stringify({ cf: 'RSSMRA80C12H501E' }),
        }),
        functionContext(),
      );
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: 'Il servizio non è configurato. Contatta il gruppo.' });
    } finally {
      process.env.FIRESTORE_EMULATOR_HOST = host;
      vi.unstubAllEnvs();
      vi.restoreAllMocks();
    }
  });
});

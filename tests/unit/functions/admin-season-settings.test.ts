import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import adminSeasonSettings from '../../../netlify/functions/admin-season-settings';
import createOrder from '../../../netlify/functions/create-order';
import seasonSettings from '../../../netlify/functions/season-settings';
import { fulfilPayment } from '../../../netlify/lib/payments/fulfil-payment';
import { forgetSeasonSettings, readSeasonSettings } from '../../../netlify/lib/season/season-settings';
import { GROUP } from '@config/group';
import { SEASON } from '@config/season';
import { seasonCatalogue } from '@domain/catalogue/season-catalogue';
import { SEED_PRICES } from '@domain/catalogue/seed';
import { sessionHeaders } from '../../support/family-session';
import { startTestAuth, type TestAuth } from '../../support/auth-emulator';
import { browserRequest, functionContext } from '../../support/function-context';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { defaultMedicalFormSettings } from '@domain/medical-forms/medical-form-settings';

/**
 * 'Impostazioni stagione' (docs/admin.md): the treasurer switches the card
 * fee off; the change is audited once, the functions price with it, and a
 * card payment made without the fee is recorded Confermato with a receipt
 * that has no fee line.
 */

const PROJECT = 'demo-season-settings';
let db: Firestore;
let auth: TestAuth;
let treasurer: string;
let parent: string;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
  auth = await startTestAuth(PROJECT);
  treasurer = await auth.account('tesoriere@example.com', { role: 'tesoriere' });
  parent = await auth.account('genitore@example.com');
}, 120_000);
afterAll(() => auth.stop(), 30_000);
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  forgetSeasonSettings();
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

async function call(body: unknown, token?: string) {
  const response = await adminSeasonSettings(
    browserRequest('http://localhost/.netlify/functions/admin-season-settings', {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: JSON.stringify(body),
    }),
    functionContext(),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A create-order call with the parent's session: its status and JSON answer. */
async function rawOrder(request: { cf: string; product: string; children: Array<{ id: string }> }) {
  const body = { ...request, idempotencyKey: randomUUID() };
  const response = await createOrder(
    browserRequest('http://localhost/.netlify/functions/create-order', {
      method: 'POST',
      headers: await sessionHeaders(body),
      body: JSON.stringify(body),
    }),
    functionContext(),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A Bonifico order through create-order: what the server priced. */
async function transferOrder(cf: string, product: string, childIds: string[]) {
  const answer = await rawOrder({ cf, product, children: childIds.map((id) => ({ id })) });
  expect(answer.status).toBe(201);
  return answer.body as { orderId: string; totalEuros: number; paymentReason: string };
}

const paymentOfOrder = async (orderId: string) => {
  const order = (await db.collection('orders').doc(orderId).get()).data();
  return (
    await db
      .collection('payments')
      .doc(order?.payment_id as string)
      .get()
  ).data();
};

const auditEntries = async () =>
  (await db.collection('audit_log').where('action', '==', 'settings.update').get()).docs.map((doc) => doc.data());

describe('admin-season-settings', () => {
  it("reads the spec's defaults for a season nobody has set: the card fee on", async () => {
    expect(await call({ action: 'read' }, treasurer)).toEqual({
      status: 200,
      body: {
        season: SEASON.campYear,
        cardFee: true,
        prices: SEED_PRICES,
        products: [],
        bankAccount: GROUP.bankAccount,
        medicalForm: { cutoff: `${SEASON.campYear}-02-01`, folder: `Documenti/Schede Mediche ${SEASON.campYear}` },
        deadlines: {},
        instalments: {},
        nextPrepared: false,
        updatedBy: null,
        updatedAt: null,
      },
    });
  });

  it('switches the card fee off once, audited; the same value again writes nothing', async () => {
    const off = await call({ action: 'update', cardFee: false }, treasurer);
    expect(off).toMatchObject({ status: 200, body: { cardFee: false, updatedBy: 'tesoriere@example.com' } });
    expect(await call({ action: 'update', cardFee: false }, treasurer)).toMatchObject({ status: 200, body: { cardFee: false } });
    const entries = await auditEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ before: { card_fee: true }, after: { card_fee: false } });
    expect(await readSeasonSettings(db, SEASON.campYear)).toEqual({
      cardFee: false,
      prices: SEED_PRICES,
      products: [],
      bankAccount: GROUP.bankAccount,
      medicalForm: { cutoff: `${SEASON.campYear}-02-01`, folder: defaultMedicalFormSettings(SEASON.campYear).folder },
      formerMedicalFormFolders: [],
      deadlines: {},
      instalments: {},
    });
  });

  it('refuses a browser without an admin token, and a malformed change', async () => {
    expect((await call({ action: 'read' })).status).toBe(401);
    expect((await call({ action: 'update', cardFee: false }, parent)).status).toBe(403);
    expect(await call({ action: 'update', cardFee: 'no' }, treasurer)).toMatchObject({ status: 400 });
    expect(await auditEntries()).toEqual([]);
  });

  it('a card payment made without the fee is recorded Confermato, its receipt without a fee', async () => {
    const recorded = await fulfilPayment(
      db,
      {
        id: 'pi_no_fee',
        status: 'succeeded',
        amount_received: 25000,
        currency: 'eur',
        metadata: {
          family_id: 'family-rossi',
          parent_id: 'parent-rossi-mario',
          product: 'campo-acconto',
          children: 'son-rossi-marco,son-rossi-giulia',
          card_fee: '0',
        },
      },
      'test',
      { siteUrl: 'http://localhost' },
    );
    expect(recorded.order).toMatchObject({ status: 'Confermato', totalEuros: 250 });
    const payment = (await db.collection('payments').where('order_id', '==', 'pi_no_fee').get()).docs[0]?.data();
    expect(payment?.receipt).toMatchObject({ service_fee: 0 });
  });

  it("sets the Saldo's first child at 190 €: a new order is priced 190 € by the server, an order recorded before keeps 180 €", async () => {
    const before = await transferOrder('RSSMRA80C12H501E', 'campo-saldo', ['son-rossi-marco']);
    expect(before.totalEuros).toBe(180);

    const saldo = { euros: 190, siblingEuros: 155, freeFromChild: 6 };
    const changed = await call({ action: 'update', prices: { 'campo-saldo': saldo } }, treasurer);
    expect(changed).toMatchObject({ status: 200, body: { cardFee: true, prices: { ...SEED_PRICES, 'campo-saldo': saldo }, products: [] } });
    const [entry] = await auditEntries();
    expect(entry?.summary).toBe(
      `Stagione ${SEASON.campYear}: Campo Estivo - Saldo da «180,00 € per il primo figlio, 155,00 € per ciascuno dei successivi; gratis dal 6° figlio» a «190,00 € per il primo figlio, 155,00 € per ciascuno dei successivi; gratis dal 6° figlio»`,
    );
    expect(entry).toMatchObject({ before: { 'prices.campo-saldo': SEED_PRICES['campo-saldo'] }, after: { 'prices.campo-saldo': saldo } });

    const after = await transferOrder('BNCNNA84L45B114C', 'campo-saldo', ['son-bianchi-sara']);
    expect(after.totalEuros).toBe(190);
    expect(await paymentOfOrder(after.orderId)).toMatchObject({ total_amount: 190, lines: [expect.objectContaining({ price: 190 })] });
    expect(await paymentOfOrder(before.orderId)).toMatchObject({ total_amount: 180, lines: [expect.objectContaining({ price: 180 })] });

    const published = await seasonSettings(browserRequest('http://localhost/.netlify/functions/season-settings'), functionContext());
    expect(published.headers.get('cache-control')).toBe('public, max-age=30');
    expect(await published.json()).toEqual({
      season: SEASON.campYear,
      cardFee: true,
      catalogue: seasonCatalogue({ ...SEED_PRICES, 'campo-saldo': saldo }, []),
      bankAccount: GROUP.bankAccount,
    });
    const posted = await seasonSettings(
      browserRequest('http://localhost/.netlify/functions/season-settings', { method: 'POST', body: '{}' }),
      functionContext(),
    );
    expect([posted.status, posted.headers.get('allow'), await posted.json()]).toEqual([
      405,
      'GET, HEAD',
      { error: 'Metodo non consentito: usa GET.' },
    ]);
  });

  it('refuses a wrong price in Italian and writes nothing', async () => {
    expect(await call({ action: 'update', prices: { felpa: { euros: -30 } } }, treasurer)).toEqual({
      status: 400,
      body: { error: 'Un prezzo non può essere negativo.' },
    });
    expect(await call({ action: 'update', prices: { felpa: { euros: 30.555 } } }, treasurer)).toEqual({
      status: 400,
      body: { error: 'Un prezzo ha al massimo due decimali.' },
    });
    expect(await auditEntries()).toEqual([]);
    expect((await db.collection('season_settings').get()).size).toBe(0);
  });

  describe("the season's account for the Bonifico", () => {
    const newAccount = { holder: 'Gruppo Scout Manziana 1 - Tesoreria', iban: 'it66 a030 6909 6061 0000 0012 345' };

    it('is checked with ibantools: a wrong check digit is refused in Italian and nothing is written', async () => {
      expect(await call({ action: 'update', bankAccount: { ...newAccount, iban: 'IT67A0306909606100000012345' } }, treasurer)).toEqual({
        status: 400,
        body: { error: "IBAN non valido: controlla lettere e cifre (il controllo dell'IBAN non torna)." },
      });
      expect(await call({ action: 'update', bankAccount: { ...newAccount, holder: ' ' } }, treasurer)).toMatchObject({ status: 400 });
      expect(await auditEntries()).toEqual([]);
    });

    it('a new account is audited, published, and given in the next Bonifico e-mail; the spaces of the IBAN are dropped', async () => {
      const saved = { holder: newAccount.holder, iban: 'IT66A0306909606100000012345' };
      expect(await call({ action: 'update', bankAccount: newAccount }, treasurer)).toMatchObject({
        status: 200,
        body: { bankAccount: saved },
      });
      const [entry] = await auditEntries();
      expect(entry?.summary).toBe(
        `Stagione ${SEASON.campYear}: conto per i bonifici da «Gruppo Scout Manziana 1, IT60 X054 2811 1010 0000 0123 456» a «Gruppo Scout Manziana 1 - Tesoreria, IT66 A030 6909 6061 0000 0012 345»`,
      );
      const published = (await (
        await seasonSettings(browserRequest('http://localhost/.netlify/functions/season-settings'), functionContext())
      ).json()) as {
        bankAccount: unknown;
      };
      expect(published.bankAccount).toEqual(saved);

      await transferOrder('RSSMRA80C12H501E', 'campo-acconto', ['son-rossi-marco']);
      const mail = (await db.collection('mail').where('kind', '==', 'bank-transfer-order').get()).docs.map((doc) => doc.data());
      expect(mail).toHaveLength(1);
      expect(mail[0]?.text).toContain('IT66A0306909606100000012345');
      expect(mail[0]?.text).not.toContain(GROUP.bankAccount.iban);
    });
  });

  describe("a season's own product: 'Uscita di Pasqua', 15 €, Reparto only", () => {
    const outing = { name: 'Uscita di Pasqua', price: { euros: 15 }, branches: ['Reparto'], sizes: false };

    it('is added, audited, sold to a Reparto child by transfer and refused to a Clan child', async () => {
      const added = await call({ action: 'update', products: [outing] }, treasurer);
      expect(added).toMatchObject({ status: 200, body: { products: [outing] } });
      const [entry] = await auditEntries();
      expect(entry?.summary).toBe(`Stagione ${SEASON.campYear}: nuovo prodotto «Uscita di Pasqua, 15,00 € per figlio, Reparto»`);

      const order = await transferOrder('RSSMRA80C12H501E', 'uscita-di-pasqua', ['son-rossi-marco']);
      expect(order).toMatchObject({
        totalEuros: 15,
        paymentReason: expect.stringMatching(/^Uscita di Pasqua - Rossi UP\d\d-[A-Z2-9]{4}$/),
      });
      const item = await db.collection('order_items').doc(`${SEASON.campYear}_uscita-di-pasqua_son-rossi-marco`).get();
      expect(item.data()).toMatchObject({ plan: 'Uscita di Pasqua', price: 15 });

      const clan = await rawOrder({ cf: 'RSSMRA80C12H501E', product: 'uscita-di-pasqua', children: [{ id: 'son-rossi-giulia' }] });
      expect(clan).toEqual({ status: 400, body: { error: 'Giulia non è in Reparto: «Uscita di Pasqua» è solo per Reparto.' } });

      const published = (await (
        await seasonSettings(browserRequest('http://localhost/.netlify/functions/season-settings'), functionContext())
      ).json()) as {
        catalogue: Array<{ id: string }>;
      };
      expect(published.catalogue.map((product) => product.id)).toContain('uscita-di-pasqua');

      // It has an order now: it cannot be removed.
      expect(await call({ action: 'update', products: [] }, treasurer)).toEqual({
        status: 409,
        body: { error: '«Uscita di Pasqua» ha già degli ordini in questa stagione: non si può togliere.' },
      });
    });

    it("past its closing day refuses orders with 'Iscrizioni chiuse il …', and a spec product's name is refused", async () => {
      await call({ action: 'update', products: [{ ...outing, closesOn: '2000-03-20' }] }, treasurer);
      expect(await rawOrder({ cf: 'RSSMRA80C12H501E', product: 'uscita-di-pasqua', children: [{ id: 'son-rossi-marco' }] })).toEqual({
        status: 400,
        body: { error: 'Iscrizioni chiuse il 20/03/2000.' },
      });
      expect(await call({ action: 'update', products: [{ ...outing, name: 'Felpa Reparto' }] }, treasurer)).toEqual({
        status: 400,
        body: { error: 'Questo nome è già di un prodotto del campo o del gruppo.' },
      });
      expect(await call({ action: 'update', products: [] }, treasurer)).toMatchObject({ status: 200, body: { products: [] } });
    });
  });

  describe("the medical form's cutoff and folder", () => {
    it('are checked, audited and read by the functions', async () => {
      expect(await call({ action: 'update', medicalForm: { cutoff: '2025-02-30', folder: 'Schede' } }, treasurer)).toEqual({
        status: 400,
        body: { error: 'Data di inizio della scheda medica non valida.' },
      });
      expect(
        await call({ action: 'update', medicalForm: { cutoff: `${SEASON.campYear}-03-01`, folder: '../altro' } }, treasurer),
      ).toMatchObject({
        status: 400,
      });
      expect(await auditEntries()).toEqual([]);

      const medicalForm = { cutoff: `${SEASON.campYear}-03-01`, folder: `Schede/Campo ${SEASON.campYear}` };
      expect(await call({ action: 'update', medicalForm }, treasurer)).toMatchObject({ status: 200, body: { medicalForm } });
      const [entry] = await auditEntries();
      expect(entry?.summary).toBe(
        `Stagione ${SEASON.campYear}: scheda medica da «dal 01/02/${SEASON.campYear}, cartella Documenti/Schede Mediche ${SEASON.campYear}» a «dal 01/03/${SEASON.campYear}, cartella Schede/Campo ${SEASON.campYear}»`,
      );
      expect((await readSeasonSettings(db, SEASON.campYear)).medicalForm).toEqual(medicalForm);

      // The folder left keeps being listed by the retention; going back to it lists it once.
      forgetSeasonSettings();
      expect((await readSeasonSettings(db, SEASON.campYear)).formerMedicalFormFolders).toEqual([
        `Documenti/Schede Mediche ${SEASON.campYear}`,
      ]);
      const back = { ...medicalForm, folder: `Documenti/Schede Mediche ${SEASON.campYear}` };
      expect(await call({ action: 'update', medicalForm: back }, treasurer)).toMatchObject({ status: 200 });
      forgetSeasonSettings();
      expect((await readSeasonSettings(db, SEASON.campYear)).formerMedicalFormFolders).toEqual([`Schede/Campo ${SEASON.campYear}`]);
    });
  });

  describe("'Nuova stagione'", () => {
    const next = SEASON.campYear + 1;
    const saldoAt190 = { euros: 190, siblingEuros: 155, freeFromChild: 6 };
    const outing = {
      name: 'Uscita di Pasqua',
      price: { euros: 15 },
      branches: ['Reparto'],
      sizes: false,
      closesOn: `${SEASON.campYear}-03-20`,
    };
    const newSeasonEntries = async () =>
      (await db.collection('audit_log').where('action', '==', 'settings.new_season').get()).docs.map((doc) => doc.data());

    it("copies this season's settings to the next, dates a year later, once even when pressed twice at the same moment", async () => {
      const deadlines = { 'campo-saldo': `${SEASON.campYear}-06-30` };
      expect(
        await call({ action: 'update', cardFee: false, prices: { 'campo-saldo': saldoAt190 }, products: [outing], deadlines }, treasurer),
      ).toMatchObject({ status: 200, body: { deadlines } });
      expect((await auditEntries())[0]?.summary).toContain(`scadenza Campo Estivo - Saldo da «nessuna» a «30/06/${SEASON.campYear}»`);
      const [first, second] = await Promise.all([call({ action: 'newSeason' }, treasurer), call({ action: 'newSeason' }, treasurer)]);
      const statuses = [first.status, second.status].sort();
      expect(statuses).toEqual([200, 409]);
      const prepared = first.status === 200 ? first : second;
      expect(prepared.body).toMatchObject({
        season: next,
        cardFee: false,
        prices: { 'campo-saldo': saldoAt190 },
        products: [{ ...outing, closesOn: `${next}-03-20` }],
        medicalForm: { cutoff: `${next}-02-01`, folder: `Documenti/Schede Mediche ${next}` },
        deadlines: { 'campo-saldo': `${next}-06-30` },
        nextPrepared: true,
      });
      expect((first.status === 409 ? first : second).body).toEqual({
        error: `La stagione ${next} è già stata preparata: modificala da qui.`,
      });
      const entries = await newSeasonEntries();
      expect(entries).toHaveLength(1);
      expect(entries[0]?.summary).toBe(`Stagione ${next} preparata dalle impostazioni della stagione ${SEASON.campYear}`);
      expect(await call({ action: 'read' }, treasurer)).toMatchObject({ body: { season: SEASON.campYear, nextPrepared: true } });
    });

    it("carries the season's live documents to the next as version 1, deadlines a year later, once", async () => {
      const base = {
        text: 'Io, {genitore}, autorizzo {figlio} alle uscite.',
        kind: 'authorisation',
        choices: [],
        branches: ['Reparto'],
        product: null,
        signers: 'one',
      };
      const at = new Date(`${SEASON.campYear}-02-10T10:00:00Z`);
      const documents = db.collection('group_documents');
      await documents.doc(`uscite-${SEASON.campYear}-v2`).set({
        ...base,
        key: `uscite-${SEASON.campYear}`,
        version: 2,
        season: SEASON.campYear,
        title: 'Uscite',
        deadline: `${SEASON.campYear}-06-30`,
        created_at: at,
        retired_at: null,
      });
      await documents.doc(`uscite-${SEASON.campYear}-v1`).set({
        ...base,
        key: `uscite-${SEASON.campYear}`,
        version: 1,
        season: SEASON.campYear,
        title: 'Uscite (vecchia)',
        deadline: null,
        created_at: at,
        retired_at: at,
      });
      await documents.doc(`ritirato-${SEASON.campYear}-v1`).set({
        ...base,
        key: `ritirato-${SEASON.campYear}`,
        version: 1,
        season: SEASON.campYear,
        title: 'Ritirato',
        deadline: null,
        created_at: at,
        retired_at: at,
      });
      const before = (await documents.where('season', '==', next).get()).size;
      const live = (await documents.where('season', '==', SEASON.campYear).get()).docs.filter(
        (doc) => doc.get('retired_at') === null,
      ).length;

      const answers = await Promise.all([call({ action: 'newSeason' }, treasurer), call({ action: 'newSeason' }, treasurer)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const carried = (await documents.where('season', '==', next).get()).docs.map((doc) => ({ id: doc.id, ...doc.data() }));
      expect(carried).toHaveLength(before + live);
      expect(carried.find((doc) => doc.id === `uscite-${next}-v1`)).toMatchObject({
        key: `uscite-${next}`,
        version: 1,
        title: 'Uscite',
        deadline: `${next}-06-30`,
        retired_at: null,
      });
      expect(carried.some((doc) => doc.id.startsWith('ritirato'))).toBe(false);
      const entries = (await db.collection('audit_log').where('action', '==', 'document.carry_forward').get()).docs.map((doc) =>
        doc.data(),
      );
      expect(entries).toHaveLength(1);
      expect(entries[0]?.after).toMatchObject({ season: next, documents: expect.arrayContaining([`uscite-${next}-v1`]) });
    });

    it("changes the next season without touching the portal's, and refuses any other season", async () => {
      await call({ action: 'newSeason' }, treasurer);
      expect(await call({ action: 'update', season: next, prices: { 'campo-saldo': saldoAt190 } }, treasurer)).toMatchObject({
        status: 200,
        body: { season: next, prices: { 'campo-saldo': saldoAt190 } },
      });
      const order = await transferOrder('RSSMRA80C12H501E', 'campo-saldo', ['son-rossi-marco']);
      expect(order.totalEuros).toBe(180);
      for (const season of [SEASON.campYear - 1, next + 1]) {
        expect(await call({ action: 'read', season }, treasurer)).toEqual({
          status: 400,
          body: { error: `Si possono modificare solo la stagione ${SEASON.campYear} e la successiva, ${next}.` },
        });
      }
    });
  });
});

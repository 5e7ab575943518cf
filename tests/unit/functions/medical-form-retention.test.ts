import { v2 as cloudinary } from 'cloudinary';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminDeleteMedicalForms from '../../../netlify/functions/admin-delete-medical-forms';
import medicalFormRetention from '../../../netlify/functions/medical-form-retention';
import { PRIVACY } from '@config/privacy';
import { SEASON } from '@config/season';
import { italianMidnight } from '@domain/italian-time';
import { medicalFormDeletionDay } from '@domain/medical-forms/medical-form-retention';
import { adminFunctionTestbed } from '../../support/admin-function';
import { mediaEmulatorTestbed } from '../../support/stored-medical-form';
import { medicalFormDeliveryUrl } from '../../../netlify/lib/medical-forms/medical-form-files';
import { requireCloudinary } from '../../../netlify/lib/platform/cloudinary';
import { defaultSeasonSettings } from '../../../netlify/lib/season/season-settings';
import { writeSeasonSettings } from '../../../netlify/lib/season/season-settings-write';

/**
 * The medical forms' retention (docs/privacy.md, "Retention"): the daily
 * function deletes a season's forms from the media emulator and the
 * children's records once its deletion day has come, and nothing of a
 * later season; 'Elimina ora' does the same for one season, earlier.
 */

const PROJECT = 'demo-medical-form-retention';
const testbed = adminFunctionTestbed(PROJECT, adminDeleteMedicalForms, 'admin-delete-medical-forms');
const media = mediaEmulatorTestbed();
const db = (): Firestore => testbed.db();
const PAST = SEASON.campYear - 1;
const TREASURER = { uid: 'tesoriere-uid', email: 'tesoriere@example.org' };
const CURRENT = SEASON.campYear;

beforeAll(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
beforeEach(() => vi.spyOn(console, 'log').mockImplementation(() => {}));
afterEach(() => vi.useRealTimers());

/** Marco has a form of each season, Giulia one of the past season, Sara one of this season. */
async function storeForms() {
  return {
    marcoPast: await media.storeForm(db(), 'son-rossi-marco', PAST),
    marcoCurrent: await media.storeForm(db(), 'son-rossi-marco', CURRENT),
    giuliaPast: await media.storeForm(db(), 'son-rossi-giulia', PAST),
    saraCurrent: await media.storeForm(db(), 'son-bianchi-sara', CURRENT),
  };
}

async function runRetentionAt(at: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    const response = await medicalFormRetention();
    return { status: response.status, body: (await response.json()) as unknown };
  } finally {
    vi.useRealTimers();
  }
}

const child = async (id: string) => (await db().collection('sons').doc(id).get()).data() ?? {};

/** A run that found nothing to do. */
const NOTHING_DONE = { deleted: [], orphans: 0, failures: [] };

/** The instant `season`'s forms are due for deletion. */
const deletionMomentOf = (season: number) => italianMidnight(medicalFormDeletionDay(season, PRIVACY));

describe('medical-form-retention', () => {
  const deletionMoment = deletionMomentOf(PAST);

  it(`keeps everything until the past season's end + ${PRIVACY.medicalFormRetentionDays} days`, async () => {
    const forms = await storeForms();
    expect(await runRetentionAt(new Date(deletionMoment.getTime() - 60_000))).toEqual({ status: 200, body: NOTHING_DONE });
    expect(Object.values(forms).every((publicId) => media.isStored(publicId))).toBe(true);
  });

  it("then deletes the past season's forms from the media emulator and the records, and nothing of this season", async () => {
    const forms = await storeForms();
    expect(await runRetentionAt(new Date(deletionMoment.getTime() + 60_000))).toEqual({
      status: 200,
      body: { deleted: [{ season: PAST, children: 2, files: 2 }], orphans: 0, failures: [] },
    });
    expect([forms.marcoPast, forms.giuliaPast].map((publicId) => media.isStored(publicId))).toEqual([false, false]);
    expect([forms.marcoCurrent, forms.saraCurrent].map((publicId) => media.isStored(publicId))).toEqual([true, true]);

    const marco = await child('son-rossi-marco');
    expect((marco.medical_forms as { public_id: string }[]).map((form) => form.public_id)).toEqual([forms.marcoCurrent]);
    expect(decodeURIComponent(String(marco.medical_doc))).toContain(forms.marcoCurrent);
    const giulia = await child('son-rossi-giulia');
    expect([giulia.medical_forms, giulia.medical_doc]).toEqual([[], '']);
    expect(((await child('son-bianchi-sara')).medical_forms as unknown[]).length).toBe(1);

    const audit = await db().collection('audit_log').where('action', '==', 'medical_form.delete').get();
    expect(audit.docs.map((entry) => [entry.get('target.id'), entry.get('actor.email')]).sort()).toEqual([
      ['son-rossi-giulia', 'sistema'],
      ['son-rossi-marco', 'sistema'],
    ]);
    expect(audit.docs.every((entry) => String(entry.get('summary')).includes(`stagione ${PAST}`))).toBe(true);

    // The next day's run finds nothing left to delete and audits nothing more.
    expect(await runRetentionAt(new Date(deletionMoment.getTime() + 86_400_000))).toEqual({ status: 200, body: NOTHING_DONE });
    expect((await db().collection('audit_log').where('action', '==', 'medical_form.delete').get()).size).toBe(2);
  });
});

/** Runs `work` with the clock at `at` (uploads, records and the run all read it). */
async function atTime<T>(at: Date, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

const retentionEntries = async () =>
  (await db().collection('audit_log').where('action', '==', 'medical_form.retention').get()).docs
    .map((entry) => entry.data())
    .sort((a, b) => (a.at as Timestamp).toMillis() - (b.at as Timestamp).toMillis());

describe('medical-form-retention: uploads nobody recorded', () => {
  // Mid-season: none of this season's recorded forms is due.
  const midSeason = new Date(`${CURRENT}-06-01T10:00:00Z`);
  const HOUR = 60 * 60 * 1000;

  it('deletes an upload nobody recorded once a day old; keeps a recorded form and a fresh upload; records the run once', async () => {
    media.clear();
    const { recorded, orphan } = await atTime(midSeason, async () => ({
      recorded: await media.storeForm(db(), 'son-bianchi-sara', CURRENT),
      orphan: await media.uploadOnly('son-bianchi-sara', CURRENT),
    }));
    const dayLater = new Date(midSeason.getTime() + 25 * HOUR);
    const fresh = await atTime(new Date(dayLater.getTime() - 2 * HOUR), () => media.uploadOnly('son-rossi-marco', CURRENT));

    expect(await runRetentionAt(new Date(midSeason.getTime() + 23 * HOUR))).toEqual({ status: 200, body: NOTHING_DONE });
    expect(media.isStored(orphan)).toBe(true);

    expect(await runRetentionAt(dayLater)).toEqual({ status: 200, body: { deleted: [], orphans: 1, failures: [] } });
    expect([media.isStored(orphan), media.isStored(recorded), media.isStored(fresh)]).toEqual([false, true, true]);
    const [entry, ...more] = await retentionEntries();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor: { email: 'sistema' },
      summary: 'Pulizia automatica delle schede mediche: 1 file mai registrato eliminato',
      before: { public_ids: [orphan], count: 1 },
      after: { failures: [], deleted: [] },
    });
    // Sara's record still points to her form.
    expect(((await child('son-bianchi-sara')).medical_forms as { public_id: string }[]).map((form) => form.public_id)).toEqual([recorded]);

    // The next day: the fresh upload is a day old and goes; nothing else is written.
    expect(await runRetentionAt(new Date(dayLater.getTime() + 24 * HOUR))).toEqual({
      status: 200,
      body: { deleted: [], orphans: 1, failures: [] },
    });
    expect([media.isStored(fresh), media.isStored(recorded)]).toEqual([false, true]);
    expect(await runRetentionAt(new Date(dayLater.getTime() + 48 * HOUR))).toEqual({ status: 200, body: NOTHING_DONE });
    expect(await retentionEntries()).toHaveLength(2);
  });

  it("deletes the signed parameters posted as another resource type, even under a recorded form's public id", async () => {
    media.clear();
    const { recorded, raw } = await atTime(midSeason, async () => {
      const recorded = await media.storeForm(db(), 'son-bianchi-sara', CURRENT);
      return { recorded, raw: await media.uploadOnly('son-rossi-marco', CURRENT, { resourceType: 'raw' }) };
    });
    expect(media.isStored(raw, 'raw')).toBe(true);

    expect(await runRetentionAt(new Date(midSeason.getTime() + 25 * HOUR))).toEqual({
      status: 200,
      body: { deleted: [], orphans: 1, failures: [] },
    });
    expect([media.isStored(raw, 'raw'), media.isStored(recorded)]).toEqual([false, true]);
  });

  it("lists the folder a season's forms were kept in before 'Impostazioni stagione' renamed it", async () => {
    media.clear();
    const oldFolder = `Documenti/Schede Mediche ${CURRENT}`;
    const orphan = await atTime(midSeason, () => media.uploadOnly('son-rossi-marco', CURRENT, { folder: oldFolder }));
    const before = defaultSeasonSettings(CURRENT);
    const after = { ...before, medicalForm: { ...before.medicalForm, folder: 'Schede sanitarie/Stagione corrente' } };
    await db().runTransaction((transaction) => {
      writeSeasonSettings(db(), transaction, { season: CURRENT, before, after, actor: TREASURER, now: Timestamp.now() });
      return Promise.resolve();
    });

    expect(await runRetentionAt(new Date(midSeason.getTime() + 25 * HOUR))).toEqual({
      status: 200,
      body: { deleted: [], orphans: 1, failures: [] },
    });
    expect(media.isStored(orphan)).toBe(false);
  });

  it("keeps the uploads of a child whose document cannot be read, and another folder's files", async () => {
    media.clear();
    const { broken, elsewhere } = await atTime(midSeason, async () => ({
      broken: await media.uploadOnly('son-broken', CURRENT),
      elsewhere: await media.uploadOnly('son-rossi-marco', CURRENT + 3),
    }));
    // A child written by hand with a history that is not a list: which files it means cannot be told.
    await db().collection('sons').doc('son-broken').set({ id: 'son-broken', name: 'Rotto', medical_forms: 'ovunque' });
    expect(await runRetentionAt(new Date(midSeason.getTime() + 48 * HOUR))).toEqual({ status: 200, body: NOTHING_DONE });
    expect([media.isStored(broken), media.isStored(elsewhere)]).toEqual([true, true]);
  });
});

describe('medical-form-retention: one failure does not stop the run', () => {
  const afterPast = new Date(deletionMomentOf(PAST).getTime() + 60_000);

  it('handles every other child when one document is malformed, one deletion and one folder listing fail; the next clean run says so', async () => {
    media.clear();
    const forms = await atTime(new Date(afterPast.getTime() - 30 * 86_400_000), async () => ({
      marco: await media.storeForm(db(), 'son-rossi-marco', PAST),
      giulia: await media.storeForm(db(), 'son-rossi-giulia', PAST),
    }));
    // A child whose branch no schema knows, holding a form of the past season.
    const marco = await child('son-rossi-marco');
    await db()
      .collection('sons')
      .doc('son-broken')
      .set({ ...marco, id: 'son-broken', name: 'Pietro', surname: 'Rotto', branch: 'Sconosciuta' });
    const destroy = cloudinary.uploader.destroy.bind(cloudinary.uploader);
    const failingDestroy = vi
      .spyOn(cloudinary.uploader, 'destroy')
      .mockImplementation(((publicId: string, options: object) =>
        publicId === forms.marco ? Promise.reject(new Error('Cloudinary non risponde')) : destroy(publicId, options)) as never);
    const list = cloudinary.api.resources.bind(cloudinary.api);
    const failingList = vi.spyOn(cloudinary.api, 'resources').mockImplementation(((options: { prefix?: string }) =>
      options.prefix === `Documenti/Schede Mediche ${PAST}/`
        ? // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the SDK rejects with Cloudinary's error object, not an Error
          Promise.reject({ error: { http_code: 420, message: 'Rate Limit Exceeded' } })
        : list(options)) as never);
    vi.spyOn(console, 'error').mockImplementation(() => {});

    const first = await runRetentionAt(afterPast);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      deleted: [{ season: PAST, children: 1, files: 1 }],
      orphans: 0,
      failures: [
        { target: 'sons/son-broken', name: 'Pietro Rotto', error: expect.stringContaining('branch') },
        { target: 'sons/son-rossi-marco', name: 'Marco Rossi', error: 'Cloudinary non risponde' },
        { target: `Documenti/Schede Mediche ${PAST}`, name: '', error: 'Cloudinary Admin API: Rate Limit Exceeded' },
      ],
    });
    // Giulia, after Marco in the run, is deleted all the same; Marco keeps his file and its record.
    expect([media.isStored(forms.giulia), media.isStored(forms.marco)]).toEqual([false, true]);
    expect(((await child('son-rossi-marco')).medical_forms as unknown[]).length).toBe(1);
    const [report] = await retentionEntries();
    expect(report?.summary).toBe(
      'Pulizia automatica delle schede mediche: 3 non elaborati (Pietro Rotto (sons/son-broken), Marco Rossi (sons/son-rossi-marco), ' +
        `Documenti/Schede Mediche ${PAST}): si riprova domani`,
    );
    expect((report?.after as { failures: unknown[] }).failures).toHaveLength(3);

    // Mended: the next run deletes Marco's form and records that everything was handled again.
    failingDestroy.mockRestore();
    failingList.mockRestore();
    await db().collection('sons').doc('son-broken').delete();
    expect(await runRetentionAt(new Date(afterPast.getTime() + 86_400_000))).toEqual({
      status: 200,
      body: { deleted: [{ season: PAST, children: 1, files: 1 }], orphans: 0, failures: [] },
    });
    expect(media.isStored(forms.marco)).toBe(false);
    const entries = await retentionEntries();
    expect(entries.map((entry) => entry.summary)).toEqual([
      report?.summary,
      'Pulizia automatica delle schede mediche: tutto elaborato di nuovo',
    ]);
    expect(entries[1]?.after).toEqual({ failures: [], deleted: [{ season: PAST, children: 1, files: 1 }] });
    // A third, quiet day writes nothing more.
    expect(await runRetentionAt(new Date(afterPast.getTime() + 2 * 86_400_000))).toEqual({ status: 200, body: NOTHING_DONE });
    expect(await retentionEntries()).toHaveLength(2);
  });
});

describe('medical-form-retention: a form of before the history', () => {
  it('keeps the season it was first given, whatever later changes to the child do to updated_at', async () => {
    const settings = requireCloudinary();
    const publicId = `Documenti/Schede Mediche ${PAST}/Scheda-Medica_Rossi-Marco`;
    await db()
      .collection('sons')
      .doc('son-rossi-marco')
      .update({
        medical_doc: medicalFormDeliveryUrl(settings, publicId, 1717000000),
        updated_at: Timestamp.fromDate(new Date(`${PAST}-06-01T10:00:00Z`)),
      });
    // Before the past season's deletion day: the form is only given its season.
    expect(await runRetentionAt(new Date(deletionMomentOf(PAST).getTime() - 86_400_000))).toEqual({ status: 200, body: NOTHING_DONE });
    const pinned = await child('son-rossi-marco');
    expect((pinned.medical_forms as Array<{ public_id: string; season: number }>).map((form) => [form.public_id, form.season])).toEqual([
      [publicId, PAST],
    ]);
    expect((pinned.updated_at as Timestamp).toDate()).toEqual(new Date(`${PAST}-06-01T10:00:00Z`));

    // A roster import changes Marco this season: his old form still belongs to the past season and goes on its day.
    await db()
      .collection('sons')
      .doc('son-rossi-marco')
      .update({ branch: 'Clan', updated_at: Timestamp.fromDate(new Date(`${CURRENT}-03-01T10:00:00Z`)) });
    const run = await runRetentionAt(new Date(deletionMomentOf(PAST).getTime() + 60_000));
    expect(run.body).toMatchObject({ deleted: [{ season: PAST, children: 1, files: 1 }] });
    expect(await child('son-rossi-marco')).toMatchObject({ medical_forms: [], medical_doc: '' });
  });
});

describe("'Elimina ora' (admin-delete-medical-forms)", () => {
  it("deletes one ended season's forms at once, audited by the admin; two presses at once delete and audit each form once", async () => {
    const forms = await storeForms();
    const [first, second] = await Promise.all([
      testbed.call({ season: CURRENT }, testbed.tokens.admin),
      testbed.call({ season: CURRENT }, testbed.tokens.admin),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(Number(first.body.files) + Number(second.body.files)).toBe(2);
    expect([forms.marcoCurrent, forms.saraCurrent].some((publicId) => media.isStored(publicId))).toBe(false);
    expect([forms.marcoPast, forms.giuliaPast].every((publicId) => media.isStored(publicId))).toBe(true);
    const audit = await db().collection('audit_log').where('action', '==', 'medical_form.delete').get();
    expect(audit.docs.map((entry) => entry.get('actor.email'))).toEqual(['admin@example.com', 'admin@example.com']);
  });

  it('refuses a season not over yet (409), the treasurer and a capo (403)', async () => {
    const notOver = new Date().getFullYear() + 1;
    expect(await testbed.call({ season: notOver }, testbed.tokens.admin)).toEqual({
      status: 409,
      body: { error: `La stagione ${notOver} non è ancora finita: le sue schede mediche servono ancora.` },
    });
    for (const token of [testbed.tokens.treasurer, testbed.tokens.leader]) {
      expect((await testbed.call({ season: CURRENT }, token)).status).toBe(403);
    }
  });
});

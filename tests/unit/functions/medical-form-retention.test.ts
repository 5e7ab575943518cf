import type { Firestore } from 'firebase-admin/firestore';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminDeleteMedicalForms from '../../../netlify/functions/admin-delete-medical-forms';
import medicalFormRetention from '../../../netlify/functions/medical-form-retention';
import { PRIVACY } from '../../../src/config/privacy';
import { SEASON } from '../../../src/config/season';
import { italianMidnight } from '../../../src/domain/italian-time';
import { medicalFormDeletionDay } from '../../../src/domain/medical-form-retention';
import { adminFunctionTestbed } from '../../support/admin-function';
import { mediaEmulatorTestbed } from '../../support/stored-medical-form';

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

describe('medical-form-retention', () => {
  const deletionMoment = italianMidnight(medicalFormDeletionDay(PAST, PRIVACY));

  it(`keeps everything until the past season's end + ${PRIVACY.medicalFormRetentionDays} days`, async () => {
    const forms = await storeForms();
    expect(await runRetentionAt(new Date(deletionMoment.getTime() - 60_000))).toEqual({ status: 200, body: { deleted: [] } });
    expect(Object.values(forms).every((publicId) => media.isStored(publicId))).toBe(true);
  });

  it("then deletes the past season's forms from the media emulator and the records, and nothing of this season", async () => {
    const forms = await storeForms();
    expect(await runRetentionAt(new Date(deletionMoment.getTime() + 60_000))).toEqual({
      status: 200,
      body: { deleted: [{ season: PAST, children: 2, files: 2 }] },
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
    expect(await runRetentionAt(new Date(deletionMoment.getTime() + 86_400_000))).toEqual({ status: 200, body: { deleted: [] } });
    expect((await db().collection('audit_log').where('action', '==', 'medical_form.delete').get()).size).toBe(2);
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

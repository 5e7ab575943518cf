import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import adminAdmissions from '../../../netlify/functions/admin-admissions';
import { adminAdmissionsContract } from '@contracts/admin-admissions';
import { italianDay } from '@domain/italian-time';
import { adminFunctionTestbed } from '../../support/admin-function';

/**
 * 'Lista d'attesa' in the admin (docs/admin.md, "Lista d'attesa"): the
 * waiting applications by cohort in the group's order, for the admin and the
 * capi; the Comunità capi's decision recorded on one, audited once.
 */
const bed = adminFunctionTestbed('demo-admin-admissions', adminAdmissions, 'admin-admissions');

/** A waiting application as admission-apply leaves it once confirmed. */
const waiting = (id: string, number: number, child: { name: string; birth: string }, state: 'waiting' | 'verifying' = 'waiting') => ({
  id,
  state,
  number: state === 'waiting' ? number : null,
  cohort: Number(child.birth.slice(0, 4)),
  child: { name: child.name, surname: 'Galli', cf: `GLL${id}`, birth_date: child.birth, sex: 'M' },
  parent: { name: 'Laura', surname: 'Galli', cf: 'GLLLRA86P43H501Z', email: 'laura.galli@example.com', phone: '333 765 4321' },
  siblings: '',
  note: '',
  code_hash: null,
  code_tries: 0,
  code_sent_at: null,
  created_at: Timestamp.fromMillis(Date.UTC(2026, 10, number)),
  applied_at: state === 'waiting' ? Timestamp.fromMillis(Date.UTC(2026, 10, number)) : null,
  expires_at: null,
  decision: null,
});

beforeEach(async () => {
  const applications = bed.db().collection('admission_applications');
  for (const doc of (await applications.get()).docs) await doc.ref.delete();
  await bed.db().collection('admission_settings').doc('list').delete();
  await applications.doc('a1').set(waiting('a1', 2, { name: 'Tommaso', birth: '2019-04-12' }));
  await applications.doc('a2').set(waiting('a2', 1, { name: 'Sara', birth: '2019-11-30' }));
  await applications.doc('a3').set(waiting('a3', 3, { name: 'Luca', birth: '2018-02-01' }));
  await applications.doc('a4').set(waiting('a4', 0, { name: 'Mai', birth: '2019-01-01' }, 'verifying'));
});

describe('admin-admissions', () => {
  it('lists the waiting applications by year of birth, each in the order they joined; one never confirmed is not there', async () => {
    const listed = await bed.call({ action: 'list' }, bed.tokens.leader);
    expect(listed.status).toBe(200);
    const cohorts = listed.body.cohorts as Array<{
      cohort: number;
      applications: Array<{ number: string; position: number; childName: string }>;
    }>;
    expect(
      cohorts.map(({ cohort, applications }) => [cohort, applications.map((app) => `${app.position} ${app.number} ${app.childName}`)]),
    ).toEqual([
      [2018, ['1 LA-0003 Luca Galli']],
      [2019, ['1 LA-0001 Sara Galli', '2 LA-0002 Tommaso Galli']],
    ]);
  });

  it("records the Comunità capi's decision once, audited; a meeting in the future is refused", async () => {
    const today = italianDay(new Date());
    const decided = await bed.call({ action: 'decide', id: 'a1', outcome: 'Ammesso', meetingDate: today }, bed.tokens.leader);
    expect(decided.status).toBe(200);
    const tommaso = (decided.body.cohorts as Array<{ applications: Array<{ id: string; decision: unknown }> }>)[1]!.applications[1]!;
    expect(tommaso).toMatchObject({ id: 'a1', decision: { outcome: 'Ammesso', meetingDate: today, recordedBy: 'capo@example.com' } });
    expect((await bed.call({ action: 'decide', id: 'a1', outcome: 'Ammesso', meetingDate: today }, bed.tokens.leader)).status).toBe(200);
    const entries = (await bed.db().collection('audit_log').where('action', '==', 'admission.decide').get()).docs.map((doc) => doc.data());
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { email: 'capo@example.com' },
      before: null,
      after: { outcome: 'Ammesso', meeting_date: today },
    });

    expect(await bed.call({ action: 'decide', id: 'a2', outcome: 'Rinviato', meetingDate: '2999-01-01' }, bed.tokens.admin)).toEqual({
      status: 400,
      body: { error: adminAdmissionsContract.messages.meetingDate },
    });
    expect(await bed.call({ action: 'decide', id: 'a4', outcome: 'Ammesso', meetingDate: today }, bed.tokens.admin)).toEqual({
      status: 404,
      body: { error: adminAdmissionsContract.messages.notFound },
    });
  });

  it("'Fratelli e sorelle prima' puts the application naming a brother first in its year, audited once", async () => {
    await bed.db().collection('admission_applications').doc('a1').update({ siblings: 'Marco, Reparto' });
    const ordered = await bed.call({ action: 'order', siblingsFirst: true }, bed.tokens.leader);
    const names = (body: Record<string, unknown>) =>
      (body.cohorts as Array<{ applications: Array<{ childName: string; position: number }> }>)[1]!.applications.map(
        (app) => `${app.position} ${app.childName}`,
      );
    expect(ordered.body.siblingsFirst).toBe(true);
    expect(names(ordered.body)).toEqual(['1 Tommaso Galli', '2 Sara Galli']);
    expect((await bed.call({ action: 'order', siblingsFirst: true }, bed.tokens.leader)).status).toBe(200);
    expect((await bed.db().collection('audit_log').where('action', '==', 'admission.settings').get()).size).toBe(1);
    expect(names((await bed.call({ action: 'order', siblingsFirst: false }, bed.tokens.admin)).body)).toEqual([
      '1 Sara Galli',
      '2 Tommaso Galli',
    ]);
  });

  it('refuses the treasurer and a parent: 403', async () => {
    expect((await bed.call({ action: 'list' }, bed.tokens.treasurer)).status).toBe(403);
    expect((await bed.call({ action: 'list' }, bed.tokens.parent)).status).toBe(403);
  });
});

import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import admissionApply from '../../../netlify/functions/admission-apply';
import admissionStatus from '../../../netlify/functions/admission-status';
import admissionAccept from '../../../netlify/functions/admission-accept';
import admissionRetention from '../../../netlify/functions/admission-retention';
import admissionInterest from '../../../netlify/functions/admission-interest';
import admissionInterestCheck from '../../../netlify/functions/admission-interest-check';
import admissionOfferExpiry from '../../../netlify/functions/admission-offer-expiry';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { PRIVACY } from '@config/privacy';
import { decideAdmission } from '../../../netlify/lib/admissions/admission-decisions';
import { offerPlace } from '../../../netlify/lib/admissions/admission-offers';
import { statusToken } from '../../../netlify/lib/admissions/admission-place';
import { deliverMail } from '../../../netlify/lib/mail-delivery';
import { admissionAcceptContract } from '@contracts/admission-accept';
import { italianDay } from '@domain/italian-time';
import { admissionApplyContract } from '@contracts/admission-apply';
import { admissionStatusContract } from '@contracts/admission-status';
import { computeFiscalCode } from '../../../emulators/seed/seed';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';
import { testInbox } from '../../support/mail-inbox';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';

/**
 * The group's waiting list (docs/product.md, "Waiting list"): a parent
 * applies on /lista-attesa, proves the e-mail with the code it receives, and
 * the application joins its cohort with the group's next number; the
 * e-mail's link shows the position later. One application per child.
 */

const PROJECT = 'demo-admissions';
const MESSAGES = admissionApplyContract.messages;
let db: Firestore;
let tag = '';

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  for (const name of ['admission_applications', 'admission_counters']) {
    for (const doc of (await db.collection(name).get()).docs) await doc.ref.delete();
  }
  tag = randomUUID().slice(0, 8);
});

async function call(fn: NetlifyFunction, body: unknown) {
  const context = functionContext();
  const response = await fn(
    browserRequest('http://localhost/.netlify/functions/x', { method: 'POST', body: JSON.stringify(body) }),
    context,
  );
  await context.settled();
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const child = (name: string, birthDate: string, gender: 'M' | 'F' = 'M') => ({
  name,
  surname: 'Galli',
  cf: computeFiscalCode({ name, surname: 'Galli', gender, birthDate }),
});
const application = (kid = child('Tommaso', '2019-04-12'), email = `laura.galli+${tag}@example.com`) => ({
  step: 'apply',
  parent: {
    name: 'Laura',
    surname: 'Galli',
    cf: computeFiscalCode({ name: 'Laura', surname: 'Galli', gender: 'F', birthDate: '1986-09-03' }),
    email,
    phone: '333 765 4321',
  },
  child: kid,
  siblings: '',
  note: 'Abitiamo vicino alla sede.',
  privacyAccepted: true,
});

/** The 6-digit code of the newest code e-mail to `email`. */
async function codeFor(email: string): Promise<string> {
  const mail = await testInbox().waitFor((message) => message.to.includes(email) && message.subject.startsWith('Conferma la domanda'));
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

/** Applies and confirms with the e-mailed code: the answer of the confirmation. */
async function applyAndConfirm(body = application()) {
  const sent = await call(admissionApply, body);
  expect(sent.status).toBe(200);
  return call(admissionApply, { step: 'confirm', pendingId: sent.body.pendingId, code: await codeFor(body.parent.email) });
}

describe("'Iscrivi alla lista d'attesa'", () => {
  it('sends a code, joins the list with the code: number, position, and the e-mail whose link shows them again', async () => {
    const body = application();
    const sent = await call(admissionApply, {
      ...body,
      child: { ...body.child, cf: body.child.cf.replace(/(.{6})(.{5})/, '$1-$2-').toLowerCase() },
    });
    expect(sent).toMatchObject({ status: 200, body: { status: 'code-sent', email: 'l•••@e•••.com', minutes: 15 } });
    const code = await codeFor(body.parent.email);
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await call(admissionApply, { step: 'confirm', pendingId: sent.body.pendingId, code: wrong })).toEqual({
      status: 400,
      body: { error: MESSAGES.wrongCode },
    });

    const applied = await call(admissionApply, { step: 'confirm', pendingId: sent.body.pendingId, code });
    const place = { number: 'LA-0001', cohort: 2019, position: 1, childName: 'Tommaso Galli', appliedAt: expect.any(String) };
    expect(applied).toEqual({ status: 200, body: { status: 'applied', place } });
    // A retried confirmation answers the same place and sends nothing more.
    expect(await call(admissionApply, { step: 'confirm', pendingId: sent.body.pendingId, code })).toEqual(applied);

    const mails = (await testInbox().messagesTo(body.parent.email)).filter((mail) =>
      mail.subject.startsWith("Domanda nella lista d'attesa"),
    );
    expect(mails.map((mail) => mail.subject)).toEqual(["Domanda nella lista d'attesa LA-0001"]);
    const token = /\/lista-attesa#(\S+)/.exec(mails[0]!.text)![1]!;
    expect(await call(admissionStatus, { token })).toEqual({ status: 200, body: { place, offer: null, interestAsked: false } });
    expect(await call(admissionStatus, { token: `${token.slice(0, -2)}xx` })).toEqual({
      status: 404,
      body: { error: admissionStatusContract.messages.notFound },
    });
    const stored = (await db.collection('admission_applications').get()).docs.map((doc) => doc.data());
    expect(stored).toMatchObject([{ state: 'waiting', cohort: 2019, child: { birth_date: '2019-04-12', sex: 'M' }, expires_at: null }]);
  });

  it('refuses a second application for the same child; another child born the same year is second, one born later first of its year', async () => {
    expect((await applyAndConfirm()).status).toBe(200);
    expect(await call(admissionApply, application(child('Tommaso', '2019-04-12'), `altro+${tag}@example.com`))).toEqual({
      status: 409,
      body: { error: MESSAGES.duplicate },
    });
    const sara = await applyAndConfirm(application(child('Sara', '2019-11-30', 'F'), `sara.madre+${tag}@example.com`));
    expect(sara.body.place).toMatchObject({ number: 'LA-0002', cohort: 2019, position: 2 });
    const luca = await applyAndConfirm(application(child('Luca', '2020-02-01'), `luca.padre+${tag}@example.com`));
    expect(luca.body.place).toMatchObject({ number: 'LA-0003', cohort: 2020, position: 1 });
  });

  it('two applications confirmed at the same moment get two numbers, never the same', async () => {
    const bodies = [
      application(child('Anna', '2018-05-05', 'F'), `a+${tag}@example.com`),
      application(child('Ugo', '2018-06-06'), `u+${tag}@example.com`),
    ];
    const sent = await Promise.all(bodies.map((body) => call(admissionApply, body)));
    const codes = await Promise.all(bodies.map((body) => codeFor(body.parent.email)));
    const applied = await Promise.all(
      sent.map((each, index) => call(admissionApply, { step: 'confirm', pendingId: each.body.pendingId, code: codes[index] })),
    );
    const places = applied.map((answer) => answer.body.place as { number: string; position: number });
    expect(places.map((place) => place.number).sort()).toEqual(['LA-0001', 'LA-0002']);
    expect(places.map((place) => place.position).sort()).toEqual([1, 2]);
  });

  it('refuses what cannot be: no privacy notice, a child code whose day does not exist, a bad address; five wrong codes end it', async () => {
    expect(await call(admissionApply, { ...application(), privacyAccepted: false })).toEqual({
      status: 400,
      body: { error: MESSAGES.privacy },
    });
    const impossible = application(child('Pia', '2019-02-28', 'F'));
    impossible.child.cf = impossible.child.cf.slice(0, 9) + '70' + impossible.child.cf.slice(11);
    expect(await call(admissionApply, impossible)).toEqual({ status: 400, body: { error: MESSAGES.childCf } });
    expect(await call(admissionApply, application(undefined, 'non-una-email'))).toEqual({ status: 400, body: { error: MESSAGES.email } });
    expect(
      await db
        .collection('mail')
        .where('kind', '==', 'admission-code')
        .count()
        .get()
        .then((count) => count.data().count),
    ).toBe(0);

    const sent = await call(admissionApply, application());
    const code = await codeFor(application().parent.email);
    const wrong = (index: number) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0');
    for (let index = 0; index < 4; index += 1) {
      expect((await call(admissionApply, { step: 'confirm', pendingId: sent.body.pendingId, code: wrong(index) })).status).toBe(400);
    }
    expect(await call(admissionApply, { step: 'confirm', pendingId: sent.body.pendingId, code: wrong(4) })).toEqual({
      status: 429,
      body: { error: MESSAGES.tooManyTries },
    });
    expect(await call(admissionApply, { step: 'confirm', pendingId: sent.body.pendingId, code })).toEqual({
      status: 404,
      body: { error: MESSAGES.noPending },
    });
  });

  it('a second press within the minute sends no second code', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    expect((await call(admissionApply, application())).status).toBe(200);
    expect(await call(admissionApply, application())).toEqual({ status: 429, body: { error: MESSAGES.wait } });
  });
});

describe("'Offri il posto' and 'Accetta il posto'", () => {
  const capo = { uid: 'capo-uid', email: 'capo@example.com' };
  const context = { siteUrl: 'http://localhost:8888' };

  /** An application on the list, admitted by the Comunità capi and offered: the offer e-mail's status token. */
  async function offered(body = application()) {
    const applied = await applyAndConfirm(body);
    const id = (await db.collection('admission_applications').where('number', '==', 1).get()).docs[0]!.id;
    expect(applied.status).toBe(200);
    await decideAdmission(db, { id, outcome: 'Ammesso', meetingDate: italianDay(new Date()), actor: capo });
    const mailId = await offerPlace(db, { id, actor: capo }, context);
    await deliverMail(db, mailId!);
    const mail = await testInbox().waitFor(
      (message) => message.to.includes(body.parent.email) && message.subject === 'Si è liberato un posto nel gruppo',
    );
    return { id, token: /\/lista-attesa#(\S+)/.exec(mail.text)![1]! };
  }

  it('the family accepts from the e-mail: the child is in the roster in the Branco with a new family and parent, once', async () => {
    const body = application();
    const { id, token } = await offered(body);
    await expect(offerPlace(db, { id, actor: capo }, context)).rejects.toMatchObject({ status: 409 });
    expect((await call(admissionStatus, { token })).body.offer).toEqual({ until: expect.any(String) });

    const [first, second] = await Promise.all([call(admissionAccept, { token }), call(admissionAccept, { token })]);
    expect(first).toEqual({ status: 200, body: { status: 'accepted', surname: 'Galli', branch: 'Branco' } });
    expect(second).toEqual(first);
    const children = (await db.collection('sons').where('cf', '==', body.child.cf).get()).docs.map((doc) => doc.data());
    expect(children).toMatchObject([{ name: 'Tommaso', surname: 'Galli', branch: 'Branco', archived_at: null }]);
    const parents = (await db.collection('parents').where('cf', '==', body.parent.cf).get()).docs.map((doc) => doc.data());
    expect(parents).toMatchObject([{ family_id: children[0]!.family_id, email: body.parent.email, phone: '333 765 4321' }]);
    expect((await db.collection('admission_applications').doc(id).get()).data()).toMatchObject({
      state: 'accepted',
      family_id: children[0]!.family_id,
    });
    expect((await db.collection('audit_log').where('action', '==', 'admission.accept').get()).size).toBe(1);
    expect(await call(admissionStatus, { token })).toMatchObject({ status: 404 });
  });

  it('refuses an offer on an application not admitted, and an acceptance after the deadline (410)', async () => {
    const applied = await applyAndConfirm();
    expect(applied.status).toBe(200);
    const id = (await db.collection('admission_applications').get()).docs[0]!.id;
    await expect(offerPlace(db, { id, actor: capo }, context)).rejects.toMatchObject({ status: 409 });
    await decideAdmission(db, { id, outcome: 'Ammesso', meetingDate: italianDay(new Date()), actor: capo });
    await offerPlace(db, { id, actor: capo }, context, new Date(Date.now() - 8 * 24 * 60 * 60_000));
    expect(await call(admissionAccept, { token: statusToken(id) })).toEqual({
      status: 410,
      body: { error: admissionAcceptContract.messages.expired },
    });
    expect((await db.collection('sons').where('surname', '==', 'Galli').get()).size).toBe(0);
  });
});

describe('the waiting list retention', () => {
  const DAY = 24 * 60 * 60_000;
  /** An application stored as the list leaves it, `daysAgo` days ago. */
  const stored = (id: string, change: Record<string, unknown>) => ({
    id,
    state: 'waiting',
    number: 1,
    cohort: 2019,
    child: { name: id, surname: 'Galli', cf: `GLL${id}`, birth_date: '2019-04-12', sex: 'M' },
    parent: { name: 'Laura', surname: 'Galli', cf: 'GLLLRA86P43H501E', email: 'laura@example.com', phone: '333 765 4321' },
    siblings: '',
    note: '',
    code_hash: null,
    code_tries: 0,
    code_sent_at: null,
    created_at: Timestamp.fromMillis(Date.now() - 400 * DAY),
    applied_at: Timestamp.fromMillis(Date.now() - 400 * DAY),
    expires_at: null,
    decision: null,
    ...change,
  });
  const decided = (outcome: string, daysAgo: number) => ({
    decision: {
      outcome,
      meeting_date: '2026-01-10',
      recorded_by: 'capo@example.com',
      recorded_at: Timestamp.fromMillis(Date.now() - daysAgo * DAY),
    },
  });

  it(`deletes what left the list ${PRIVACY.admissionRetentionDays} days ago (admitted into the roster, 'Non ammesso'), keeps the rest, audited`, async () => {
    const days = PRIVACY.admissionRetentionDays;
    const applications = db.collection('admission_applications');
    await applications
      .doc('accepted-old')
      .set(stored('accepted-old', { state: 'accepted', accepted_at: Timestamp.fromMillis(Date.now() - (days + 1) * DAY) }));
    await applications
      .doc('accepted-new')
      .set(stored('accepted-new', { state: 'accepted', accepted_at: Timestamp.fromMillis(Date.now() - DAY) }));
    await applications.doc('refused-old').set(stored('refused-old', decided('Non ammesso', days + 1)));
    await applications.doc('postponed-old').set(stored('postponed-old', decided('Rinviato', days + 1)));
    await applications.doc('waiting-old').set(stored('waiting-old', {}));

    const response = await admissionRetention();
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body: { deleted: 2 } });
    expect((await applications.get()).docs.map((doc) => doc.id).sort()).toEqual(['accepted-new', 'postponed-old', 'waiting-old']);
    const [entry, ...more] = (await db.collection('audit_log').where('action', '==', 'admission.retention').get()).docs.map((doc) =>
      doc.data(),
    );
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor: { email: 'sistema' }, before: { count: 2 } });
    expect(JSON.stringify(entry)).not.toContain('Galli');
  });
});

describe("the yearly 'Confermi l'interesse?'", () => {
  const DAY = 24 * 60 * 60_000;
  const check = async () => {
    const response = await admissionInterestCheck(browserRequest('http://localhost/.netlify/functions/admission-interest-check'));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('asks a family a year on the list; the answer keeps it; one unanswered for 30 days leaves the list, the family told', async () => {
    const body = application();
    expect((await applyAndConfirm(body)).status).toBe(200);
    const id = (await db.collection('admission_applications').get()).docs[0]!.id;
    const ref = db.collection('admission_applications').doc(id);
    expect(await check()).toEqual({ status: 200, body: { asked: 0, lapsed: 0 } });

    await ref.update({ applied_at: Timestamp.fromMillis(Date.now() - 366 * DAY) });
    expect(await check()).toEqual({ status: 200, body: { asked: 1, lapsed: 0 } });
    expect(await check()).toEqual({ status: 200, body: { asked: 0, lapsed: 0 } });
    const asked = await testInbox().waitFor(
      (mail) => mail.to.includes(body.parent.email) && mail.subject === "Confermi l'interesse per la lista d'attesa?",
    );
    const token = /\/lista-attesa#(\S+)/.exec(asked.text)![1]!;
    expect((await call(admissionStatus, { token })).body.interestAsked).toBe(true);
    expect(await call(admissionInterest, { token })).toEqual({ status: 200, body: { status: 'confirmed' } });
    expect((await call(admissionStatus, { token })).body.interestAsked).toBe(false);
    expect(await check()).toEqual({ status: 200, body: { asked: 0, lapsed: 0 } });

    // A year later nobody answers the question within 30 days.
    await ref.update({
      interest_confirmed_at: Timestamp.fromMillis(Date.now() - 400 * DAY),
      interest_asked_at: Timestamp.fromMillis(Date.now() - 31 * DAY),
    });
    expect(await check()).toEqual({ status: 200, body: { asked: 0, lapsed: 1 } });
    await testInbox().waitFor((mail) => mail.to.includes(body.parent.email) && mail.subject === "La domanda è uscita dalla lista d'attesa");
    expect(await call(admissionStatus, { token })).toMatchObject({ status: 404 });
    const entries = (await db.collection('audit_log').where('action', '==', 'admission.interest').get()).docs.map(
      (doc) => doc.data().after as unknown,
    );
    expect(entries).toEqual(
      expect.arrayContaining([
        { asked: 1, lapsed: 0 },
        { asked: 0, lapsed: 1 },
      ]),
    );
  });
});

describe('a place nobody accepted in time', () => {
  const capo = { uid: 'capo-uid', email: 'capo@example.com' };
  const expire = async () => {
    const response = await admissionOfferExpiry(browserRequest('http://localhost/.netlify/functions/admission-offer-expiry'));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('leaves the list, the family told, and the place goes to the next admitted child of the year, once', async () => {
    const first = application(child('Anna', '2019-05-05', 'F'), `anna.madre+${tag}@example.com`);
    const second = application(child('Ugo', '2019-06-06'), `ugo.padre+${tag}@example.com`);
    const unadmitted = application(child('Ivo', '2019-01-01'), `ivo.padre+${tag}@example.com`);
    for (const body of [first, unadmitted, second]) expect((await applyAndConfirm(body)).status).toBe(200);
    const idOf = async (email: string) =>
      (await db.collection('admission_applications').where('parent.email', '==', email).get()).docs[0]!.id;
    const [anna, ugo] = [await idOf(first.parent.email), await idOf(second.parent.email)];
    const today = italianDay(new Date());
    for (const id of [anna, ugo]) await decideAdmission(db, { id, outcome: 'Ammesso', meetingDate: today, actor: capo });
    await offerPlace(db, { id: anna, actor: capo }, { siteUrl: 'http://localhost:8888' }, new Date(Date.now() - 8 * 24 * 60 * 60_000));

    const [ran, again] = await Promise.all([expire(), expire()]);
    expect([ran.body, again.body]).toEqual(
      expect.arrayContaining([
        { ended: 1, offeredAgain: 1 },
        { ended: 0, offeredAgain: 0 },
      ]),
    );
    expect((await db.collection('admission_applications').doc(anna).get()).data()).toMatchObject({ state: 'lapsed' });
    expect((await db.collection('admission_applications').doc(ugo).get()).data()).toMatchObject({ state: 'offered' });
    await testInbox().waitFor(
      (mail) => mail.to.includes(first.parent.email) && mail.subject === "La domanda è uscita dalla lista d'attesa",
    );
    await testInbox().waitFor((mail) => mail.to.includes(second.parent.email) && mail.subject === 'Si è liberato un posto nel gruppo');
    expect(await expire()).toEqual({ status: 200, body: { ended: 0, offeredAgain: 0 } });
  });
});

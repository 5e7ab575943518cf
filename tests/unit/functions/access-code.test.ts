import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import createOrder from '../../../netlify/functions/create-order';
import endSession from '../../../netlify/functions/end-session';
import getSignature from '../../../netlify/functions/get-signature';
import lookupFamily from '../../../netlify/functions/lookup-family';
import requestAccessCode, { NO_EMAIL_MESSAGE } from '../../../netlify/functions/request-access-code';
import verifyAccessCode from '../../../netlify/functions/verify-access-code';
import { SESSION_EXPIRED_MESSAGE } from '../../../netlify/lib/session';
import { functionContext, type NetlifyFunction } from '../../support/function-context';
import { testInbox } from '../../support/mail-inbox';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';

const PROJECT = 'demo-access-code';
const ROSSI = 'RSSMRA80C12H501E';
const VERDI = 'VRDPLA78S23H501P';
let db: Firestore;
/** Mario Rossi's address in this file: its own, so no other test file's mail is read as this one's. */
let marioEmail = '';

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  marioEmail = `mario.rossi+${randomUUID().slice(0, 8)}@example.com`;
  await db.collection('parents').doc('parent-rossi-mario').update({ email: marioEmail });
});

async function call(fn: NetlifyFunction, body: unknown, cookie = '') {
  const context = functionContext();
  const response = await fn(
    new Request('http://localhost/.netlify/functions/x', { method: 'POST', headers: cookie ? { cookie } : {}, body: JSON.stringify(body) }),
    context,
  );
  await context.settled();
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    setCookie: response.headers.get('set-cookie'),
  };
}

/** The code of the newest 'Il tuo codice di accesso' in the inbox for `address`. */
async function codeSentTo(address: string): Promise<string> {
  const message = await testInbox().waitFor((mail) => mail.to.includes(address) && mail.subject === 'Il tuo codice di accesso');
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}

/** The `name=value` part of a Set-Cookie header. */
const cookieOf = (setCookie: string | null) => (setCookie ?? '').split(';')[0] ?? '';

async function signIn(cf = ROSSI, address = marioEmail, remember = false) {
  expect((await call(requestAccessCode, { cf })).body).toMatchObject({ status: 'code-sent' });
  const verified = await call(verifyAccessCode, { cf, code: await codeSentTo(address), remember });
  expect(verified.status).toBe(200);
  return verified;
}

describe('access by a code sent to the parent', () => {
  it("'Trova' sends one code to Mario Rossi's address and shows it masked; a second 'Trova' within the minute sends none", async () => {
    const first = await call(requestAccessCode, { cf: ROSSI });
    expect(first).toMatchObject({ status: 200, body: { status: 'code-sent', email: 'm•••@e•••.com', resendAfterSeconds: 60 } });
    await codeSentTo(marioEmail);
    const again = await call(requestAccessCode, { cf: ' rssmra80c12h501e ', resend: true });
    expect(again.body).toMatchObject({ status: 'code-sent' });
    expect(again.body.resendAfterSeconds).toBeLessThanOrEqual(60);
    expect(await testInbox().messagesTo(marioEmail)).toHaveLength(1);
    // The code lives in the outbox only until it is sent.
    const mail = (await db.collection('mail').where('to', 'array-contains', marioEmail).get()).docs[0]?.data();
    expect(mail).toMatchObject({ status: 'sent', text: '', html: '' });
    const stored = (await db.collection('access_codes').doc('parent-rossi-mario').get()).data();
    expect(JSON.stringify(stored)).not.toMatch(/"\d{6}"/);
  });

  it('the right code opens a session: an HttpOnly, SameSite=Strict cookie that lists the children', async () => {
    const verified = await signIn();
    expect(verified.setCookie).toMatch(/^scout_session=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Strict$/);
    const lookup = await call(lookupFamily, { cf: ROSSI }, cookieOf(verified.setCookie));
    expect(lookup.status).toBe(200);
    expect((lookup.body.children as Array<{ name: string }>).map((child) => child.name)).toEqual(['Giulia', 'Luca', 'Marco']);
    // With a live session 'Trova' needs no new code.
    expect((await call(requestAccessCode, { cf: ROSSI }, cookieOf(verified.setCookie))).body).toEqual({ status: 'session' });
  });

  it("'Ricorda questo dispositivo' keeps the session 30 days; 'Esci' ends it", async () => {
    const verified = await signIn(ROSSI, marioEmail, true);
    expect(verified.setCookie).toContain('Max-Age=2592000');
    const ended = await call(endSession, {}, cookieOf(verified.setCookie));
    expect(ended.status).toBe(200);
    expect(ended.setCookie).toMatch(/^scout_session=; .*Max-Age=0/);
  });

  it('five wrong codes need a new one: the right code is then refused as expired', async () => {
    await call(requestAccessCode, { cf: ROSSI });
    const code = await codeSentTo(marioEmail);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await call(verifyAccessCode, { cf: ROSSI, code: wrong })).toMatchObject({ status: 401, body: { error: 'Codice non valido' } });
    }
    expect(await call(verifyAccessCode, { cf: ROSSI, code })).toMatchObject({
      status: 410,
      body: { error: 'Codice scaduto: richiedine uno nuovo' },
      setCookie: null,
    });
  });

  it('two confirmations of the right code at the same moment open one session', async () => {
    await call(requestAccessCode, { cf: ROSSI });
    const code = await codeSentTo(marioEmail);
    const answers = await Promise.all([0, 1].map(() => call(verifyAccessCode, { cf: ROSSI, code })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410]);
  });

  it('a parent with no e-mail is told to write to the group; an unknown code is 404 as before', async () => {
    await db.collection('parents').doc('parent-rossi-mario').update({ email: null });
    expect(await call(requestAccessCode, { cf: ROSSI })).toMatchObject({ status: 422, body: { error: NO_EMAIL_MESSAGE } });
    expect((await call(requestAccessCode, { cf: 'RSSMRA80C12H501' })).status).toBe(400);
  });
});

describe('parent functions need the session of the family they act on', () => {
  const order = (cf: string, childId: string) => ({
    cf,
    product: 'campo-acconto',
    children: [{ id: childId }],
    idempotencyKey: randomUUID(),
  });
  const orders = async () => (await db.collection('orders').count().get()).data().count;

  it('without a session: 401 from lookup-family, create-order and get-signature, nothing written, no child data', async () => {
    const before = await orders();
    for (const [fn, body] of [
      [lookupFamily, { cf: ROSSI }],
      [createOrder, order(ROSSI, 'son-rossi-marco')],
      [getSignature, { cf: ROSSI, childId: 'son-rossi-marco' }],
    ] as const) {
      const answer = await call(fn, body);
      expect(answer).toMatchObject({ status: 401, body: { error: SESSION_EXPIRED_MESSAGE } });
      expect(JSON.stringify(answer.body)).not.toMatch(/Marco|son-rossi/);
    }
    expect(await orders()).toBe(before);
  });

  it("a Rossi session never reaches the Verdi family: another family's code or child is 401", async () => {
    const session = cookieOf((await signIn()).setCookie);
    const before = await orders();
    expect((await call(lookupFamily, { cf: VERDI }, session)).status).toBe(401);
    expect((await call(createOrder, order(VERDI, 'son-verdi-andrea'), session)).status).toBe(401);
    expect((await call(createOrder, order(ROSSI, 'son-verdi-andrea'), session)).status).toBe(400);
    expect(await orders()).toBe(before);
    expect((await call(createOrder, order(ROSSI, 'son-rossi-marco'), session)).status).toBe(201);
  });

  it('a forged or foreign-signed cookie is no session', async () => {
    const session = cookieOf((await signIn()).setCookie);
    const [name, token = ''] = session.split('=');
    const [header, payload] = token.split('.');
    expect((await call(lookupFamily, { cf: ROSSI }, `${name}=${header}.${payload}.forged`)).status).toBe(401);
    expect((await call(lookupFamily, { cf: ROSSI }, `${name}=`)).status).toBe(401);
  });
});

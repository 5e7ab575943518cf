import { createHash, randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import createOrder from '../../../netlify/functions/create-order';
import endSession from '../../../netlify/functions/end-session';
import familyDocuments from '../../../netlify/functions/family-documents';
import getSignature from '../../../netlify/functions/get-signature';
import lookupFamily from '../../../netlify/functions/lookup-family';
import requestAccessCode from '../../../netlify/functions/request-access-code';
import verifyAccessCode from '../../../netlify/functions/verify-access-code';
import verifyAccessLink from '../../../netlify/functions/verify-access-link';
import { GROUP } from '@config/group';
import { PARENT_MESSAGES } from '@contracts/parent-messages';
import { requestAccessCodeContract } from '@contracts/request-access-code';
import { verifyAccessCodeContract } from '@contracts/verify-access-code';
import { verifyAccessLinkContract } from '@contracts/verify-access-link';
import { italianDay, italianMidnight } from '@domain/italian-time';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';
import { testInbox } from '../../support/mail-inbox';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';

const PROJECT = 'demo-access-code';
const ROSSI = 'RSSMRA80C12H501E';
const VERDI = 'VRDPLA78S23H501P';
const ELENA = 'VRDLNE81B42E900U';
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

/** Calls `fn` as a browser would, from `ip` (a new private address each call by default). */
async function call(fn: NetlifyFunction, body: unknown, cookie = '', ip?: string) {
  const context = functionContext(ip);
  const response = await fn(
    browserRequest('http://localhost/.netlify/functions/x', {
      method: 'POST',
      headers: cookie ? { cookie } : {},
      body: JSON.stringify(body),
    }),
    context,
  );
  await context.settled();
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    setCookie: response.headers.get('set-cookie'),
    retryAfter: response.headers.get('retry-after'),
  };
}

/** The code of the newest 'Il tuo codice di accesso' in the inbox for `address`. */
async function codeSentTo(address: string): Promise<string> {
  const message = await testInbox().waitFor((mail) => mail.to.includes(address) && mail.subject === 'Il tuo codice di accesso');
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}

/** The access e-mails sent to `address`, oldest first: codes, links and the lock notice. */
async function accessMails(address: string) {
  return (await testInbox().messagesTo(address)).filter((mail) =>
    ['Il tuo codice di accesso', 'Il tuo link di accesso', 'Tentativi di accesso con il tuo codice fiscale'].includes(mail.subject),
  );
}

/** The token of the newest sign-in link e-mailed to `address` (a code's e-mail, or a link's alone). */
async function linkSentTo(address: string): Promise<string> {
  const message = await testInbox().waitFor((mail) => mail.to.includes(address) && /\/accesso#/.test(mail.text));
  const token = /\/accesso#([\w-]{43})\b/.exec(message.text)?.[1];
  if (!token) throw new Error(`no link in: ${message.text}`);
  return token;
}

/** A six-digit code that is not `code`. */
const wrongFor = (code: string, index = 0) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0');

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
    // `__Host-`: the browser takes it only Secure, Path=/ and without Domain, so no sibling subdomain can plant one.
    expect(verified.setCookie).toMatch(/^__Host-scout_session=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
    const lookup = await call(lookupFamily, { cf: ROSSI }, cookieOf(verified.setCookie));
    expect(lookup.status).toBe(200);
    expect((lookup.body.children as Array<{ name: string }>).map((child) => child.name)).toEqual(['Giulia', 'Luca', 'Marco']);
    // With a live session 'Trova' needs no new code.
    expect((await call(requestAccessCode, { cf: ROSSI }, cookieOf(verified.setCookie))).body).toEqual({ status: 'session' });
  });

  it("one parent's session is not the other's: on the same browser the second parent's 'Trova' asks their own code", async () => {
    const tag = randomUUID().slice(0, 8);
    const [paolo, elena] = [`paolo.verdi+${tag}@example.com`, `elena.verdi+${tag}@example.com`];
    await db.collection('parents').doc('parent-verdi-paolo').update({ email: paolo });
    await db.collection('parents').doc('parent-verdi-elena').update({ email: elena });
    const paoloCookie = cookieOf((await signIn(VERDI, paolo)).setCookie);
    expect((await call(requestAccessCode, { cf: VERDI }, paoloCookie)).body).toEqual({ status: 'session' });

    expect((await call(requestAccessCode, { cf: ELENA }, paoloCookie)).body).toMatchObject({ status: 'code-sent' });
    const verified = await call(verifyAccessCode, { cf: ELENA, code: await codeSentTo(elena) }, paoloCookie);
    expect(verified.status).toBe(200);
    // What she signs is hers: the documents are read as Elena's.
    const documents = await call(familyDocuments, {}, cookieOf(verified.setCookie));
    expect(documents.body).toMatchObject({ parent: { id: 'parent-verdi-elena', name: 'Elena Verdi' } });
  });

  it("'Ricorda questo dispositivo' keeps the session 30 days; 'Esci' ends it", async () => {
    const verified = await signIn(ROSSI, marioEmail, true);
    expect(verified.setCookie).toContain('Max-Age=2592000');
    const ended = await call(endSession, {}, cookieOf(verified.setCookie));
    expect(ended.status).toBe(200);
    expect(ended.setCookie).toMatch(/^__Host-scout_session=; Path=\/; HttpOnly; SameSite=Strict; Secure; Max-Age=0$/);
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
    expect(await call(requestAccessCode, { cf: ROSSI })).toMatchObject({
      status: 422,
      body: { error: requestAccessCodeContract.messages.noEmail },
    });
    expect((await call(requestAccessCode, { cf: 'RSSMRA80C12H501' })).status).toBe(400);
  });
});

describe("a parent's access, limited per parent across client addresses", () => {
  const HOUR = 60 * 60_000;
  let clock = 0;
  /** Moves the functions' clock `ms` on. */
  const advance = (ms: number) => {
    clock += ms;
    vi.setSystemTime(clock);
  };
  /** A new client address each call: what an attacker with many addresses, or a parent on a phone and a laptop, looks like. */
  let addresses = 0;
  const nextAddress = () => `198.51.100.${(addresses += 1) % 250}`;
  const requestFrom = (body: Record<string, unknown> = {}) => call(requestAccessCode, { cf: ROSSI, ...body }, '', nextAddress());
  const verifyFrom = (code: string) => call(verifyAccessCode, { cf: ROSSI, code }, '', nextAddress());
  const limitsOfMario = async () => (await db.collection('access_limits').doc('parent-rossi-mario').get()).data();

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Midday in Italy: a test's day never crosses midnight.
    clock = italianMidnight(italianDay(new Date())).getTime() + 12 * HOUR;
    vi.setSystemTime(clock);
  });
  afterEach(() => vi.useRealTimers());

  it("'Invia di nuovo' e-mails the live code again rather than a new one; a new code only when the live one is nearly spent", async () => {
    expect((await requestFrom()).body).toMatchObject({ status: 'code-sent', sameCode: false });
    const first = await codeSentTo(marioEmail);
    advance(61_000);
    expect((await requestFrom({ resend: true })).body).toMatchObject({ status: 'code-sent', sameCode: true, resendAfterSeconds: 60 });
    expect((await accessMails(marioEmail)).map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1])).toEqual([first, first]);
    // Less than two minutes left: a new code, valid ten minutes again; the old one no longer opens anything.
    advance(8 * 60_000 + 30_000);
    expect((await requestFrom({ resend: true })).body).toMatchObject({ status: 'code-sent', sameCode: false });
    const second = (await accessMails(marioEmail)).at(-1)?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect(second).toMatch(/^\d{6}$/);
    expect((await accessMails(marioEmail)).at(-1)?.text).toContain('10 minuti');
    if (second !== first) expect((await verifyFrom(first)).status).toBe(401);
    expect((await verifyFrom(second)).status).toBe(200);
  });

  it('at most three access e-mails an hour reach the parent, whatever the addresses asking; then a clear 429', async () => {
    for (let round = 0; round < 4; round += 1) {
      expect((await requestFrom()).body).toMatchObject({ status: 'code-sent' });
      advance(2 * 60_000);
    }
    // The fourth found the hour's e-mails spent: nothing sent, the live code stays, the code step waits for the hour.
    expect(await accessMails(marioEmail)).toHaveLength(3);
    const waiting = await requestFrom();
    expect(waiting.body).toMatchObject({ status: 'code-sent', sameCode: true });
    expect(Number(waiting.body.resendAfterSeconds)).toBeGreaterThan(50 * 60);
    // 'Invia di nuovo' cannot send: a clear 429 that points at the last e-mail, still valid.
    expect(await requestFrom({ resend: true })).toMatchObject({
      status: 429,
      body: {
        error: expect.stringMatching(
          /^Ti abbiamo già inviato 3 e-mail di accesso nell'ultima ora: usa il codice o il link dell'ultima, ancora validi, oppure riprova tra \d+ minuti\.$/,
        ) as unknown,
      },
    });
    // Once the code expired there is nothing to wait for: 429 with the minutes left.
    advance(5 * 60_000);
    const refused = await requestFrom();
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(
      /^Ti abbiamo già inviato 3 e-mail di accesso nell'ultima ora: per sicurezza non ne inviamo altre per ora\. Riprova tra \d+ minuti\.$/,
    );
    expect(Number(refused.retryAfter)).toBeGreaterThan(40 * 60);
    expect(await accessMails(marioEmail)).toHaveLength(3);
    // An hour after the first e-mail, one more may go.
    advance(HOUR - 13 * 60_000 + 1000);
    expect((await requestFrom()).body).toMatchObject({ status: 'code-sent', sameCode: false });
    expect(await accessMails(marioEmail)).toHaveLength(4);
  });

  it("past the day's sign-in e-mails to the address the parent is told at once, with the hours to midnight, and nothing is queued", async () => {
    vi.stubEnv('SIGN_IN_MAIL_RECIPIENT_DAILY_LIMIT', '2');
    try {
      for (let round = 0; round < 2; round += 1) {
        expect((await requestFrom({ resend: true })).body).toMatchObject({ status: 'code-sent' });
        advance(21 * 60_000);
      }
      const refused = await requestFrom({ resend: true });
      expect(refused).toMatchObject({ status: 429, body: { error: PARENT_MESSAGES.signInMailSpent('recipient') } });
      expect(Number(refused.retryAfter)).toBeGreaterThan(10 * 60 * 60);
      const queued = await db.collection('mail').where('to', 'array-contains', marioEmail).get();
      expect(queued.docs.map((doc) => doc.get('status') as string)).toEqual(['sent', 'sent']);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('ten wrong codes a day from any addresses pause the codes: one e-mail to the parent, and the link still signs in', async () => {
    await requestFrom();
    const first = await codeSentTo(marioEmail);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await verifyFrom(wrongFor(first, attempt))).status).toBe(401);
    expect((await verifyFrom(wrongFor(first, 5))).status).toBe(410);
    advance(61_000);
    await requestFrom();
    const second = await codeSentTo(marioEmail);
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await verifyFrom(wrongFor(second, attempt))).status).toBe(401);
    const locked = await verifyFrom(wrongFor(second, 4));
    expect(locked).toMatchObject({ status: 429, body: { error: verifyAccessCodeContract.messages.locked }, setCookie: null });
    expect(Number(locked.retryAfter)).toBeGreaterThan(11 * 60 * 60);
    // Paused: even the right code is refused, without being weighed.
    expect(await verifyFrom(second)).toMatchObject({ status: 429, body: { error: verifyAccessCodeContract.messages.locked } });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await verifyFrom(wrongFor(second, 10 + attempt))).status).toBe(429);
    expect(await limitsOfMario()).toMatchObject({ wrong_tries: 10, lock_notified: true });

    const notices = (await accessMails(marioEmail)).filter((mail) => mail.subject === 'Tentativi di accesso con il tuo codice fiscale');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('10 codici di accesso sbagliati');
    expect(notices[0]?.text).toContain('fino a domani');
    expect(notices[0]?.text).toContain(GROUP.email);

    // 'Trova' now sends a link alone, and the link opens the family.
    advance(61_000);
    expect((await requestFrom()).body).toEqual({ status: 'link-sent', email: 'm•••@e•••.com', resendAfterSeconds: 60 });
    const linkMail = await testInbox().waitFor((mail) => mail.to.includes(marioEmail) && mail.subject === 'Il tuo link di accesso');
    expect(linkMail.text).not.toMatch(/\b\d{6}\b/);
    const signedIn = await call(verifyAccessLink, { token: await linkSentTo(marioEmail) }, '', nextAddress());
    expect(signedIn).toMatchObject({ status: 200, body: { status: 'verified', cf: ROSSI } });
    expect((await call(lookupFamily, { cf: ROSSI }, cookieOf(signedIn.setCookie))).status).toBe(200);

    // The next Italian day, codes again.
    advance(24 * HOUR);
    expect((await requestFrom()).body).toMatchObject({ status: 'code-sent' });
    expect((await verifyFrom(await codeSentTo(marioEmail))).status).toBe(200);
  });

  it('verifications at the same moment from many addresses: every wrong try counted once, the tenth pauses the codes, one lock e-mail', async () => {
    await requestFrom();
    const first = await codeSentTo(marioEmail);
    const burst = await Promise.all(Array.from({ length: 8 }, (_, index) => verifyFrom(wrongFor(first, index))));
    expect(burst.map((answer) => answer.status).sort()).toEqual([401, 401, 401, 401, 401, 410, 410, 410]);
    expect(await limitsOfMario()).toMatchObject({ wrong_tries: 5 });
    advance(61_000);
    await requestFrom();
    const second = await codeSentTo(marioEmail);
    const another = await Promise.all(Array.from({ length: 8 }, (_, index) => verifyFrom(wrongFor(second, index))));
    expect(another.map((answer) => answer.status).sort()).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
    expect(await limitsOfMario()).toMatchObject({ wrong_tries: 10 });
    const notices = (await accessMails(marioEmail)).filter((mail) => mail.subject === 'Tentativi di accesso con il tuo codice fiscale');
    expect(notices).toHaveLength(1);
  });

  it('the sign-in link opens one session, once, even clicked twice at once, and goes back to the page that asked', async () => {
    await requestFrom({ returnPath: '/campo-estivo' });
    const code = await codeSentTo(marioEmail);
    const token = await linkSentTo(marioEmail);
    const [first, second] = await Promise.all([0, 1].map(() => call(verifyAccessLink, { token, remember: true }, '', nextAddress())));
    expect([first?.status, second?.status].sort()).toEqual([200, 410]);
    const opened = first?.status === 200 ? first : second;
    expect(opened?.body).toEqual({ status: 'verified', returnPath: '/campo-estivo', cf: ROSSI });
    expect(opened?.setCookie).toMatch(/^__Host-scout_session=[\w.-]+; Path=\/; HttpOnly; SameSite=Strict; Secure; Max-Age=2592000$/);
    expect((first?.status === 200 ? second : first)?.body).toEqual({ error: verifyAccessLinkContract.messages.linkInvalid });
    // The code of the same e-mail was spent with it.
    expect((await verifyFrom(code)).status).toBe(410);

    // A page the app does not know is never a way back: the home page instead.
    advance(61_000);
    await requestFrom({ returnPath: 'https://elsewhere.example/accesso' });
    const next = await linkSentTo(marioEmail);
    expect(next).not.toBe(token);
    // Ten minutes later the link has expired.
    advance(10 * 60_000);
    expect(await call(verifyAccessLink, { token: next }, '', nextAddress())).toMatchObject({
      status: 410,
      body: { error: verifyAccessLinkContract.messages.linkInvalid },
    });
    advance(-10 * 60_000 + 1000);
    expect((await call(verifyAccessLink, { token: next }, '', nextAddress())).body).toMatchObject({ returnPath: '/' });
    expect((await call(verifyAccessLink, { token: 'x'.repeat(43) }, '', nextAddress())).status).toBe(410);
    expect((await call(verifyAccessLink, 'token', '', nextAddress())).status).toBe(400);
  });

  it('keeps neither the code nor the link: only a nonce, and the link by its SHA-256', async () => {
    await requestFrom();
    const code = await codeSentTo(marioEmail);
    const token = await linkSentTo(marioEmail);
    const stored = JSON.stringify([
      (await db.collection('access_codes').doc('parent-rossi-mario').get()).data(),
      (await db.collection('access_links').get()).docs.map((snapshot) => [snapshot.id, snapshot.data()]),
    ]);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(token);
    expect((await db.collection('access_links').doc(createHash('sha256').update(token).digest('hex')).get()).exists).toBe(true);
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
      expect(answer).toMatchObject({ status: 401, body: { error: PARENT_MESSAGES.sessionExpired } });
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

import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { Timestamp } from 'firebase-admin/firestore';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import adminFamily from '../../../netlify/functions/admin-family';
import changeParentEmail from '../../../netlify/functions/change-parent-email';
import confirmFamilyContacts from '../../../netlify/functions/confirm-family-contacts';
import createOrder from '../../../netlify/functions/create-order';
import createPaymentIntent from '../../../netlify/functions/create-payment-intent';
import endSession from '../../../netlify/functions/end-session';
import eventSignup from '../../../netlify/functions/event-signup';
import familyContacts from '../../../netlify/functions/family-contacts';
import familyDocuments from '../../../netlify/functions/family-documents';
import familyEvents from '../../../netlify/functions/family-events';
import getSignature from '../../../netlify/functions/get-signature';
import lookupFamily from '../../../netlify/functions/lookup-family';
import receipt from '../../../netlify/functions/receipt';
import recordMedicalForm from '../../../netlify/functions/record-medical-form';
import recordPayment from '../../../netlify/functions/record-payment';
import requestAccessCode from '../../../netlify/functions/request-access-code';
import requestSignatureCode from '../../../netlify/functions/request-signature-code';
import signDocument from '../../../netlify/functions/sign-document';
import withdrawConsent from '../../../netlify/functions/withdraw-consent';
import { PARENT_MESSAGES } from '@contracts/parent-messages';
import { SESSION_COOKIE } from '../../../netlify/lib/platform/session';
import { adminFunctionTestbed } from '../../support/admin-function';
import { sessionCookie } from '../../support/family-session';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';

/**
 * A parent's session ends when it should (docs/security.md, "Parents'
 * sessions"): removed from the family, the parent is refused by every
 * family function on the next request; 'Esci' ends its device's token (a
 * replay is refused), 'Esci da tutti i dispositivi' every device's. The
 * functions are called as Netlify calls them, on the Firestore emulator,
 * with the demo Verdi family (Paolo and Elena).
 */

const testbed = adminFunctionTestbed('demo-session-end', adminFamily, 'admin-family');
const PAOLO = { id: 'parent-verdi-paolo', cf: 'VRDPLA78S23H501P' };
const ELENA = { id: 'parent-verdi-elena', cf: 'VRDLNE81B42E900U' };
const FAMILY = 'family-verdi';
const CHILD = 'son-verdi-matteo';
const SHOWN = [{ childId: CHILD, textSha256: '0'.repeat(64) }];

async function call(fn: NetlifyFunction, name: string, cookie: string | null, body: unknown = {}, method = 'POST') {
  const context = functionContext();
  const response = await fn(
    browserRequest(`http://localhost/.netlify/functions/${name}`, {
      method,
      headers: cookie ? { cookie } : {},
      ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
    }),
    context,
  );
  await context.settled();
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    setCookie: response.headers.get('set-cookie'),
  };
}

/** Every family function that needs a session, with a request its contract accepts (the handler may still refuse it: not with 401). */
const FAMILY_FUNCTIONS: Array<{ name: string; fn: NetlifyFunction; body?: unknown; method?: string }> = [
  { name: 'family-contacts', fn: familyContacts },
  { name: 'confirm-family-contacts', fn: confirmFamilyContacts },
  { name: 'change-parent-email', fn: changeParentEmail, body: { email: 'altro.indirizzo@example.com' } },
  { name: 'lookup-family', fn: lookupFamily, body: { cf: PAOLO.cf } },
  {
    name: 'create-order',
    fn: createOrder,
    body: { cf: PAOLO.cf, product: 'campo-acconto', children: [{ id: CHILD }], idempotencyKey: randomUUID() },
  },
  {
    name: 'create-payment-intent',
    fn: createPaymentIntent,
    body: { cf: PAOLO.cf, product: 'felpa', children: [{ id: CHILD, size: 'M' }], idempotencyKey: randomUUID() },
  },
  { name: 'record-payment', fn: recordPayment, body: { paymentIntentId: 'pi_3NotKnownAtAll' } },
  { name: 'family-events', fn: familyEvents, method: 'GET' },
  { name: 'event-signup', fn: eventSignup, body: { action: 'signup', eventId: 'event-none', childId: CHILD } },
  { name: 'family-documents', fn: familyDocuments },
  { name: 'receipt', fn: receipt, body: { paymentId: 'payment-none' } },
  { name: 'get-signature', fn: getSignature, body: { cf: PAOLO.cf, childId: CHILD } },
  {
    name: 'record-medical-form',
    fn: recordMedicalForm,
    body: { cf: PAOLO.cf, childId: CHILD, upload: { public_id: 'x', version: 1, signature: 'a'.repeat(40) }, privacyNoticeVersion: '1' },
  },
  { name: 'request-signature-code', fn: requestSignatureCode, body: { documentId: 'document-none', shown: SHOWN } },
  { name: 'sign-document', fn: signDocument, body: { requestId: 'request-none', code: '123456', shown: SHOWN } },
  { name: 'withdraw-consent', fn: withdrawConsent, body: { signatureId: 'signature-none' } },
];

/** The statuses every family function answers `cookie`, by name. */
async function statusesOf(cookie: string) {
  const statuses: Record<string, { status: number; error: unknown }> = {};
  for (const entry of FAMILY_FUNCTIONS) {
    const answer = await call(entry.fn, entry.name, cookie, entry.body, entry.method);
    statuses[entry.name] = { status: answer.status, error: answer.body.error };
  }
  return statuses;
}

const refused = { status: 401, error: PARENT_MESSAGES.sessionExpired };
const contactsOf = (cookie: string) => call(familyContacts, 'family-contacts', cookie);

describe('a parent removed from the family', () => {
  it('the table names every function that checks a session', () => {
    const dir = new URL('../../../netlify/functions/', import.meta.url);
    const withSession = readdirSync(dir)
      .filter((file) => readFileSync(new URL(file, dir), 'utf8').includes('requireSession('))
      .map((file) => file.replace(/\.ts$/, ''));
    expect(FAMILY_FUNCTIONS.map((entry) => entry.name).sort()).toEqual(withSession.sort());
  });

  it('is refused by every family function on the next request; the other parent is not', async () => {
    const paolo = await sessionCookie(FAMILY, PAOLO.id);
    const elena = await sessionCookie(FAMILY, ELENA.id);
    expect((await contactsOf(paolo)).status).toBe(200);

    const removal = await testbed.call({ change: { kind: 'removeParent', parentId: PAOLO.id } }, testbed.tokens.admin);
    expect(removal.status).toBe(200);

    const paoloAfter = await statusesOf(paolo);
    expect(paoloAfter).toEqual(Object.fromEntries(FAMILY_FUNCTIONS.map((entry) => [entry.name, refused])));
    // The same requests with Elena's session, still of the family: none refused for the session.
    const elenaAfter = await statusesOf(elena);
    for (const [name, answer] of Object.entries(elenaAfter)) expect({ name, ...answer }).not.toMatchObject({ name, ...refused });
  });

  it('moved to another family, is refused with the old family’s session', async () => {
    const paolo = await sessionCookie(FAMILY, PAOLO.id);
    await testbed.db().collection('parents').doc(PAOLO.id).update({ family_id: 'family-rossi' });
    expect(await contactsOf(paolo)).toMatchObject({ status: 401, body: { error: PARENT_MESSAGES.sessionExpired } });
  });
});

describe("'Esci'", () => {
  it("ends this device's token: replayed it is refused, another device's session stays", async () => {
    const [thisDevice, otherDevice] = [await sessionCookie(FAMILY, PAOLO.id), await sessionCookie(FAMILY, PAOLO.id)];
    const ended = await call(endSession, 'end-session', thisDevice);
    expect(ended).toMatchObject({ status: 200, body: { status: 'ended' } });
    expect(ended.setCookie).toContain(`${SESSION_COOKIE}=;`);
    expect(ended.setCookie).toContain('Max-Age=0');

    expect(await contactsOf(thisDevice)).toMatchObject({ status: 401, body: { error: PARENT_MESSAGES.sessionExpired } });
    expect((await contactsOf(otherDevice)).status).toBe(200);
    // Kept until the token would have expired (a day for a browser session), then deleted by the TTL policy.
    const record = (await testbed.db().collection('ended_sessions').where('parent_id', '==', PAOLO.id).get()).docs;
    expect(record).toHaveLength(1);
    const expiresIn = (record[0]!.get('expires_at') as Timestamp).toMillis() - Date.now();
    expect(expiresIn).toBeGreaterThan(23 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);
  });

  it("lets 'Trova' ask for a code again instead of taking the ended session", async () => {
    const cookie = await sessionCookie(FAMILY, PAOLO.id);
    expect((await call(requestAccessCode, 'request-access-code', cookie, { cf: PAOLO.cf })).body.status).toBe('session');
    await call(endSession, 'end-session', cookie);
    expect((await call(requestAccessCode, 'request-access-code', cookie, { cf: PAOLO.cf })).body.status).toBe('code-sent');
  });

  it('answers ended without a session, and writes nothing', async () => {
    expect(await call(endSession, 'end-session', null)).toMatchObject({ status: 200, body: { status: 'ended' } });
    expect((await testbed.db().collection('ended_sessions').count().get()).data().count).toBe(0);
  });
});

describe("'Esci da tutti i dispositivi'", () => {
  it("ends a second device's session, and a session opened after it counts", async () => {
    const [thisDevice, otherDevice] = [await sessionCookie(FAMILY, PAOLO.id), await sessionCookie(FAMILY, PAOLO.id)];
    const elena = await sessionCookie(FAMILY, ELENA.id);
    expect(await call(endSession, 'end-session', thisDevice, { allDevices: true })).toMatchObject({
      status: 200,
      body: { status: 'ended' },
    });

    expect((await contactsOf(otherDevice)).status).toBe(401);
    expect((await contactsOf(thisDevice)).status).toBe(401);
    expect((await contactsOf(elena)).status).toBe(200);
    // Tokens carry their issue time in whole seconds: the next sign-in is a second later at the earliest.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await contactsOf(await sessionCookie(FAMILY, PAOLO.id))).status).toBe(200);
  });

  it('pressed on two devices at once, ends both', async () => {
    const devices = [await sessionCookie(FAMILY, PAOLO.id), await sessionCookie(FAMILY, PAOLO.id)];
    const answers = await Promise.all(devices.map((cookie) => call(endSession, 'end-session', cookie, { allDevices: true })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    for (const cookie of devices) expect((await contactsOf(cookie)).status).toBe(401);
  });

  it('answers 401 without a live session: none, an ended one, a removed parent’s', async () => {
    const ended = await sessionCookie(FAMILY, PAOLO.id);
    await call(endSession, 'end-session', ended);
    const removed = await sessionCookie(FAMILY, ELENA.id);
    await testbed.db().collection('parents').doc(ELENA.id).delete();
    for (const cookie of [null, ended, removed]) {
      expect(await call(endSession, 'end-session', cookie, { allDevices: true })).toMatchObject({
        status: 401,
        body: { error: PARENT_MESSAGES.sessionExpired },
      });
    }
  });
});

describe('a token of before the sessions had an id and per-use keys, during a rotation', () => {
  it('is accepted while SESSION_SECRET_PREVIOUS names its secret, and ended by Esci', async () => {
    const previous = `previous-${randomUUID()}-${randomUUID()}`;
    const token = await new SignJWT({ fam: FAMILY })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(PAOLO.id)
      .setIssuer('scout-portal')
      .setAudience('family')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(previous));
    const cookie = `${SESSION_COOKIE}=${token}`;
    expect((await contactsOf(cookie)).status).toBe(401);
    process.env.SESSION_SECRET_PREVIOUS = previous;
    try {
      expect((await contactsOf(cookie)).status).toBe(200);
      expect(await call(endSession, 'end-session', cookie)).toMatchObject({ status: 200, body: { status: 'ended' } });
      expect(await contactsOf(cookie)).toMatchObject({ status: 401, body: { error: PARENT_MESSAGES.sessionExpired } });
    } finally {
      delete process.env.SESSION_SECRET_PREVIOUS;
    }
  });
});

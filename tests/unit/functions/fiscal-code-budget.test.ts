import { createHash, randomUUID } from 'node:crypto';
import CodiceFiscaleModule from 'codice-fiscale-js';
import type { Firestore } from 'firebase-admin/firestore';
import { PRIVACY } from '@config/privacy';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import createOrder from '../../../netlify/functions/create-order';
import getSignature from '../../../netlify/functions/get-signature';
import lookupFamily from '../../../netlify/functions/lookup-family';
import recordMedicalForm from '../../../netlify/functions/record-medical-form';
import requestAccessCode from '../../../netlify/functions/request-access-code';
import { budgetLimits, clientNetwork, networkKey } from '../../../netlify/lib/platform/fiscal-code-budget';
import { DEMO_MEDIA } from '../../../emulators/dev/stack-environment';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { sessionHeaders } from '../../support/family-session';

/**
 * One budget for fiscal codes (docs/security.md): lookup-family,
 * create-order, get-signature and record-medical-form draw on one
 * allowance per client address, kept in Firestore — 30 requests a minute,
 * 10 unknown codes an hour — and answer 429 'Troppi tentativi: riprova tra
 * qualche minuto.' with Retry-After once it is spent, whichever is called.
 */

const PROJECT = 'demo-fiscal-code-budget';
const BIANCHI = 'BNCNNA84L45B114C';
let db: Firestore;
const CodiceFiscale =
  (CodiceFiscaleModule as unknown as { CodiceFiscale?: typeof CodiceFiscaleModule }).CodiceFiscale ?? CodiceFiscaleModule;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  vi.stubEnv('CLOUDINARY_CLOUD_NAME', DEMO_MEDIA.cloudName);
  vi.stubEnv('CLOUDINARY_API_KEY', DEMO_MEDIA.apiKey);
  vi.stubEnv('CLOUDINARY_API_SECRET', DEMO_MEDIA.apiSecret);
  vi.stubEnv('CLOUDINARY_UPLOAD_PRESET', DEMO_MEDIA.uploadPreset);
  // The minute's counter is named by the minute: start every test at the beginning of one.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 1000);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
afterAll(() => vi.useRealTimers());

/** The four functions that take a fiscal code, with a request each would accept from the Bianchi parent. */
const CALLS: Array<{ name: string; fn: NetlifyFunction; body: () => unknown }> = [
  { name: 'lookup-family', fn: lookupFamily, body: () => ({ cf: BIANCHI }) },
  {
    name: 'create-order',
    fn: createOrder,
    body: () => ({ cf: BIANCHI, product: 'maglietta', children: [{ id: 'son-bianchi-sara', size: 'S' }], idempotencyKey: randomUUID() }),
  },
  { name: 'get-signature', fn: getSignature, body: () => ({ cf: BIANCHI, childId: 'son-bianchi-sara' }) },
  {
    name: 'record-medical-form',
    fn: recordMedicalForm,
    body: () => ({
      cf: BIANCHI,
      childId: 'son-bianchi-sara',
      upload: { public_id: 'x', version: 1, signature: 'f'.repeat(40) },
      privacyNoticeVersion: PRIVACY.noticeVersion,
    }),
  },
];

async function send(fn: NetlifyFunction, body: unknown, ip: string) {
  const response = await fn(
    browserRequest('http://localhost/x', { method: 'POST', headers: await sessionHeaders(body), body: JSON.stringify(body) }),
    functionContext(ip),
  );
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { error?: string } };
}

describe('one budget for fiscal codes', () => {
  it('40 requests at once over four functions from one address: 30 are served, the 10 beyond the budget answer 429', async () => {
    const ip = '203.0.113.10';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => {
        const call = CALLS[index % CALLS.length]!;
        return send(call.fn, call.body(), ip).then((answer) => ({ ...answer, name: call.name }));
      }),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(10);
    expect(answers.filter((answer) => answer.status !== 429)).toHaveLength(30);
    for (const answer of refused) {
      expect(answer.body).toEqual({ error: 'Troppi tentativi: riprova tra qualche minuto.' });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60);
    }
    // Spent from one budget: refusals fall on every function, not only on the one that was called most.
    expect(new Set(refused.map((answer) => answer.name)).size).toBeGreaterThan(1);
    // Another address is not affected; the next minute the first one is served again.
    expect((await send(lookupFamily, { cf: BIANCHI }, '203.0.113.11')).status).toBe(200);
    vi.setSystemTime(Date.now() + 60_000);
    expect((await send(lookupFamily, { cf: BIANCHI }, ip)).status).toBe(200);
  });

  it('10 unknown codes in an hour close the budget for the hour, on every function', async () => {
    // The hour's budget runs to the end of the clock hour: start just after one begins, so 'Retry-After' is more than a minute whenever the test runs.
    vi.setSystemTime(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 1000);
    const ip = '203.0.113.20';
    // Valid codes (check character included) of people who are not parents of the group.
    const unknown = Array.from({ length: 10 }, (_, day) =>
      CodiceFiscale.compute({
        name: 'Ignoto',
        surname: 'Sconosciuto',
        gender: 'M',
        day: day + 1,
        month: 1,
        year: 1980,
        birthplace: 'Roma',
        birthplaceProvincia: 'RM',
      }),
    );
    for (const cf of unknown) expect((await send(lookupFamily, { cf }, ip)).status).toBe(404);
    // The minute has room left, the hour's unknown codes do not: a known code on another function is refused too.
    const refused = await send(getSignature, { cf: BIANCHI, childId: 'son-bianchi-sara' }, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(60);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3600);
    vi.setSystemTime(Date.now() + 60 * 60_000);
    expect((await send(lookupFamily, { cf: BIANCHI }, ip)).status).toBe(200);
  });

  it('25 unknown codes at once: exactly 10 are answered 404, the other 15 are refused 429', async () => {
    vi.setSystemTime(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 1000);
    const ip = '203.0.113.21';
    const unknown = Array.from({ length: 25 }, (_, index) =>
      CodiceFiscale.compute({
        name: 'Ignoto',
        surname: 'Sconosciuto',
        gender: 'F',
        day: (index % 28) + 1,
        month: Math.floor(index / 28) + 2,
        year: 1981,
        birthplace: 'Roma',
        birthplaceProvincia: 'RM',
      }),
    );
    // Half by lookup-family, half by request-access-code: one budget.
    const answers = await Promise.all(
      unknown.map((cf, index) => send(index % 2 === 0 ? lookupFamily : requestAccessCode, { cf, returnPath: '/' }, ip)),
    );
    expect(answers.filter((answer) => answer.status === 404)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(15);
    for (const answer of refused) expect(answer.body.error).toBe('Troppi tentativi: riprova tra qualche minuto.');
  });

  it('reads its limits from the environment, and falls back to 30 a minute and 10 an hour', () => {
    expect(budgetLimits({})).toEqual({ requestsPerMinute: 30, unknownPerHour: 10 });
    expect(budgetLimits({ FISCAL_CODE_REQUESTS_PER_MINUTE: '1000', FISCAL_CODE_UNKNOWN_PER_HOUR: 'many' })).toEqual({
      requestsPerMinute: 1000,
      unknownPerHour: 10,
    });
  });
});

describe('the addresses the budget counts', () => {
  it('counts an IPv6 address by its /64, an IPv4 address (mapped or not) by itself', () => {
    expect(clientNetwork('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('[2001:db8:1:2::ffff]')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('not an address')).toBe('not an address');
  });

  it('one /64 is one budget: 40 requests from 40 of its addresses, 30 served', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => send(lookupFamily, { cf: BIANCHI }, `2001:db8:77:1:${index.toString(16)}::1`)),
    );
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
    // The neighbouring /64 has its own.
    expect((await send(lookupFamily, { cf: BIANCHI }, '2001:db8:77:2::1')).status).toBe(200);
  });

  it('names the counters by an HMAC keyed with SESSION_SECRET: neither the address nor its plain SHA-256 is stored', async () => {
    const ip = '203.0.113.99';
    await send(lookupFamily, { cf: BIANCHI }, ip);
    const ids = (await db.collection('rate_limits').get()).docs.map((snapshot) => snapshot.id).join(' ');
    const key = networkKey(ip);
    expect(ids).toContain(key);
    expect(ids).not.toContain(ip);
    expect(ids).not.toContain(createHash('sha256').update(ip).digest('hex').slice(0, 32));
    // Another secret, another name: a leaked database alone does not tell the addresses.
    vi.stubEnv('SESSION_SECRET', 'another-secret-of-at-least-32-characters!');
    expect(networkKey(ip)).not.toBe(key);
  });

  it('without SESSION_SECRET a function that takes a fiscal code answers a clear 503, before spending anything', async () => {
    const body = { cf: BIANCHI };
    const headers = await sessionHeaders(body);
    vi.stubEnv('SESSION_SECRET', '');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await lookupFamily(
      browserRequest('http://localhost/x', { method: 'POST', headers, body: JSON.stringify(body) }),
      functionContext('203.0.113.98'),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: "L'accesso delle famiglie non è configurato. Contatta il gruppo." });
    expect((await db.collection('rate_limits').count().get()).data().count).toBe(0);
  });
});

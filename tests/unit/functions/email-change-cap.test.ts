import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import changeParentEmail from '../../../netlify/functions/change-parent-email';
import { emailChangeCodesPerDay } from '../../../netlify/lib/access/email-change-allowance';
import { changeParentEmailContract } from '@contracts/change-parent-email';
import { italianDay, italianMidnight, nextItalianMidnight } from '@domain/italian-time';
import { sessionCookie } from '../../support/family-session';
import { browserRequest, functionContext } from '../../support/function-context';
import { testInbox } from '../../support/mail-inbox';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { startTestAuth, type TestAuth } from '../../support/auth-emulator';

/**
 * The e-mail change's daily cap (netlify/lib/access/email-change-allowance.ts;
 * docs/security.md, "The mail budget"): one family session sends at most
 * EMAIL_CHANGE_CODES_PER_DAY codes an Italian day, whatever the addresses;
 * the next is refused with 429, the Italian message and Retry-After to
 * midnight, and nothing is e-mailed. The clock is the function's (Date, faked).
 */

const PROJECT = 'demo-email-change-cap';
const MINUTE = 60_000;
let db: Firestore;
let clock = 0;
// Whether the new address is a volunteer's is read from Firebase Auth too (isStaffEmail).
let auth: TestAuth;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
  auth = await startTestAuth(PROJECT);
}, 120_000);
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  vi.useFakeTimers({ toFake: ['Date'] });
  clock = italianMidnight(italianDay(new Date())).getTime() + 12 * 60 * MINUTE;
  vi.setSystemTime(clock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});
afterAll(async () => {
  vi.useRealTimers();
  await auth?.stop();
}, 30_000);

/** Asks a code for `email` with Paolo Verdi's session, a minute and a second after the last (the change's own wait). */
async function ask(email: string) {
  clock += MINUTE + 1000;
  vi.setSystemTime(clock);
  const context = functionContext();
  const response = await changeParentEmail(
    browserRequest('http://localhost/.netlify/functions/change-parent-email', {
      method: 'POST',
      headers: { cookie: await sessionCookie('family-verdi', 'parent-verdi-paolo') },
      body: JSON.stringify({ email }),
    }),
    context,
  );
  await context.settled();
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    retryAfter: response.headers.get('retry-after'),
  };
}

const address = (index: number) => `sconosciuto${index}+${randomUUID().slice(0, 8)}@example.com`;

describe("the e-mail change's daily cap", () => {
  it('sends three codes to three addresses, refuses the fourth with 429 until midnight, and sends again the next day', async () => {
    vi.stubEnv('EMAIL_CHANGE_CODES_PER_DAY', '3');
    const addresses = [1, 2, 3, 4].map(address);
    for (const to of addresses.slice(0, 3)) expect((await ask(to)).status).toBe(200);
    const refused = await ask(addresses[3]!);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: changeParentEmailContract.messages.tooManyCodesToday(3) });
    expect(Number(refused.retryAfter)).toBe(Math.ceil((nextItalianMidnight(new Date(clock)).getTime() - clock) / 1000));
    for (const to of addresses.slice(0, 3)) expect(await testInbox().messagesTo(to)).toHaveLength(1);
    expect(await testInbox().messagesTo(addresses[3]!)).toEqual([]);

    clock = nextItalianMidnight(new Date(clock)).getTime();
    const tomorrow = address(5);
    expect((await ask(tomorrow)).status).toBe(200);
    expect(await testInbox().messagesTo(tomorrow)).toHaveLength(1);
  });

  it('reads its cap from the environment: 5 a day by default', () => {
    expect(emailChangeCodesPerDay({})).toBe(5);
    expect(emailChangeCodesPerDay({ EMAIL_CHANGE_CODES_PER_DAY: '2' })).toBe(2);
    expect(emailChangeCodesPerDay({ EMAIL_CHANGE_CODES_PER_DAY: 'molti' })).toBe(5);
  });
});

import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import createOrder from '../../../netlify/functions/create-order';
import requestAccessCode from '../../../netlify/functions/request-access-code';
import { DEMO_FAMILIES } from '../../../emulators/seed/demo-data';
import { italianDay, italianMidnight } from '@domain/italian-time';
import { sessionCookie } from '../../support/family-session';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';
import { testInbox } from '../../support/mail-inbox';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { PARENT_MESSAGES } from '@contracts/parent-messages';

/**
 * The flood (docs/security.md, "The mail budget"): strangers who know every
 * demo parent's fiscal code ask each one's access code round after round,
 * from a new client address each time, all day long, with the ordinary
 * day's cap set low (MAIL_DAILY_LIMIT=3) and the sign-in allowance too
 * (SIGN_IN_MAIL_DAILY_LIMIT=20). Then the Rossi family orders the camp's
 * Acconto by Bonifico: its transfer details e-mail is sent at once, in the
 * same request's delivery, because no sign-in e-mail spends the ordinary
 * day. What the flood does stop is printed: the sign-in e-mails dropped
 * past the allowance. The clock is the functions' (Date, faked).
 */

const PROJECT = 'demo-mail-flood';
const MINUTE = 60_000;
const ROUNDS = 9;
const PARENTS = DEMO_FAMILIES.flatMap((family) => family.parents).filter((parent) => parent.email);
let db: Firestore;
let clock = 0;
const addressOf = new Map<string, string>();

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
  await resetToDemoData(db, PROJECT);
  // Fresh addresses: the unit tests share one mail catcher.
  const tag = randomUUID().slice(0, 8);
  for (const parent of PARENTS) {
    const email = parent.email.replace('@', `+${tag}@`);
    addressOf.set(parent.id, email);
    await db.collection('parents').doc(parent.id).update({ email });
  }
  vi.stubEnv('MAIL_DAILY_LIMIT', '3');
  vi.stubEnv('SIGN_IN_MAIL_DAILY_LIMIT', '20');
  vi.useFakeTimers({ toFake: ['Date'] });
  clock = italianMidnight(italianDay(new Date())).getTime() + MINUTE;
  vi.setSystemTime(clock);
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

let clients = 0;
async function call(fn: NetlifyFunction, body: unknown, cookie = '') {
  clients += 1;
  const context = functionContext(`2001:db8:f100d::${clients.toString(16)}`);
  const response = await fn(
    browserRequest('http://localhost/.netlify/functions/x', {
      method: 'POST',
      headers: cookie ? { cookie } : {},
      body: JSON.stringify(body),
    }),
    context,
  );
  await context.settled();
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const mailCount = async (kind: string, status: string) =>
  (await db.collection('mail').where('kind', '==', kind).where('status', '==', status).count().get()).data().count;

describe('a flood of access codes', () => {
  it("does not hold the family's transfer details: they are sent at once", async () => {
    const answers: Array<{ status: number; body: Record<string, unknown> }> = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Every parent at once, a round every 20 minutes (3 an hour: what each parent's own limit lets through).
      const round_ = await Promise.all(PARENTS.map((parent) => call(requestAccessCode, { cf: parent.cf })));
      answers.push(...round_);
      clock += 20 * MINUTE + 1000;
      vi.setSystemTime(clock);
    }
    const sent = await mailCount('access-code', 'sent');
    const dropped = await mailCount('access-code', 'dropped');
    // Once the day's count is spent the parent is told at once, not 'codice inviato' for a code the claim would drop;
    // only the requests of the round that crossed the cap, answered before their claims counted, are dropped.
    const spent = answers.filter((answer) => answer.body.error === PARENT_MESSAGES.signInMailSpent('portal')).length;
    console.info(
      `flood: ${answers.length} requests, ${sent} codes sent, ${spent} refused at once past the sign-in allowance, ${dropped} dropped`,
    );
    expect(answers.every(({ status }) => status === 200 || status === 429)).toBe(true);
    expect(sent).toBe(20);
    expect(spent).toBeGreaterThan(0);
    expect(dropped).toBeLessThan(PARENTS.length);
    expect(await mailCount('access-code', 'pending')).toBe(0);

    const rossi = addressOf.get('parent-rossi-mario')!;
    const before = (await testInbox().messagesTo(rossi)).length;
    const order = await call(
      createOrder,
      { cf: 'RSSMRA80C12H501E', product: 'campo-acconto', children: [{ id: 'son-rossi-marco' }], idempotencyKey: randomUUID() },
      await sessionCookie('family-rossi', 'parent-rossi-mario'),
    );
    expect(order.status).toBe(201);
    const inbox = await testInbox().messagesTo(rossi);
    expect(inbox.length).toBe(before + 1);
    const details = inbox.find((message) => message.text.includes(String(order.body.paymentReason)));
    expect(details?.text).toContain(String(order.body.paymentReason));
    expect(await mailCount('bank-transfer-order', 'sent')).toBe(1);
    expect(await mailCount('bank-transfer-order', 'pending')).toBe(0);
    // 54 requests, each a transaction and a delivery: a busy machine needs more than the default 20 s.
  }, 90_000);
});

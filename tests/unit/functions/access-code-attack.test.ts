import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import lookupFamily from '../../../netlify/functions/lookup-family';
import requestAccessCode from '../../../netlify/functions/request-access-code';
import verifyAccessCode from '../../../netlify/functions/verify-access-code';
import { italianDay, italianMidnight } from '@domain/italian-time';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';
import { testInbox } from '../../support/mail-inbox';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';

/**
 * The attack on a parent's access code, played against the real functions
 * on the emulator (docs/security.md, "Parents' sessions", "The attacker's
 * odds"): an attacker who knows Mario Rossi's fiscal code plays rounds of
 * "ask a code, try five wrong ones", each round from six new client
 * addresses (a botnet, or an IPv6 range), so no address budget ever bites:
 * a round every 2 minutes for the first hour, then one every 30 minutes to
 * the end of the Italian day. The clock is the functions' (Date, faked).
 * It prints how many wrong codes were weighed against the parent that day,
 * the most access e-mails that reached the parent in any hour, and whether
 * the parent still signs in with the e-mailed link; and asserts the rules
 * of netlify/lib/access/access-codes.ts: at most 10 a day, at most 3 an hour, and
 * the link opens the family.
 *
 * `npm run attack:access-code` runs it alone. Copied into a checkout of
 * the code before these rules (no verify-access-link), it prints that
 * code's figures and asserts nothing: that is how docs/security.md's
 * "before" figures were measured.
 */

const PROJECT = 'demo-access-code-attack';
const ROSSI = 'RSSMRA80C12H501E';
const MINUTE = 60_000;
let db: Firestore;
let marioEmail = '';
let clock = 0;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
  await resetToDemoData(db, PROJECT);
  marioEmail = `mario.attaccato+${randomUUID().slice(0, 8)}@example.com`;
  await db.collection('parents').doc('parent-rossi-mario').update({ email: marioEmail });
  vi.useFakeTimers({ toFake: ['Date'] });
  // One minute past midnight in Italy: the attack has the whole day.
  clock = italianMidnight(italianDay(new Date())).getTime() + MINUTE;
  vi.setSystemTime(clock);
});
afterAll(() => vi.useRealTimers());

let addresses = 0;
/** A new client address for every call: the attacker's many addresses. */
const nextAddress = () => {
  addresses += 1;
  return `2001:db8:${(addresses >> 8).toString(16)}:${(addresses & 255).toString(16)}::1`;
};

async function call(fn: NetlifyFunction, body: unknown, cookie = '') {
  const context = functionContext(nextAddress());
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
  };
}

/** The function of the sign-in link, when this checkout has one (it did not before these rules). */
async function linkFunction(): Promise<NetlifyFunction | null> {
  const path = '../../../netlify/functions/verify-access-link';
  try {
    return ((await import(/* @vite-ignore */ path)) as { default: NetlifyFunction }).default;
  } catch {
    return null;
  }
}

/** The most of `times` (ms) inside any 60-minute window. */
function mostInAnHour(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let start = 0, end = 0; end < sorted.length; end += 1) {
    while (sorted[end]! - sorted[start]! >= 60 * MINUTE) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe('the attack on an access code: many addresses, rounds of "ask a code, try five wrong"', () => {
  it('weighs at most 10 wrong codes a day against the parent, e-mails at most 3 an hour, and the link still signs the parent in', async () => {
    const verifyLink = await linkFunction();
    const answers: Record<string, number> = {};
    let rounds = 0;
    let wrongAnswers = 0;
    const end = italianMidnight(italianDay(new Date(clock + 25 * 60 * MINUTE))).getTime() - 2 * MINUTE;
    while (clock < end) {
      rounds += 1;
      const asked = await call(requestAccessCode, { cf: ROSSI, resend: rounds > 1 });
      answers[`request ${asked.status}`] = (answers[`request ${asked.status}`] ?? 0) + 1;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        // Five different wrong guesses per round (the attacker never reads the parent's mail, so never the code).
        const guess = String((rounds * 7919 + attempt * 104_729) % 1_000_000).padStart(6, '0');
        const tried = await call(verifyAccessCode, { cf: ROSSI, code: guess });
        answers[`verify ${tried.status}`] = (answers[`verify ${tried.status}`] ?? 0) + 1;
        if (tried.status === 401) wrongAnswers += 1;
        expect(tried.status).not.toBe(200);
      }
      clock += (clock - italianMidnight(italianDay(new Date(clock))).getTime() < 61 * MINUTE ? 2 : 30) * MINUTE;
      vi.setSystemTime(clock);
    }

    const mails = (await db.collection('mail').where('to', 'array-contains', marioEmail).get()).docs.map((snapshot) => ({
      kind: String(snapshot.get('kind')),
      at: (snapshot.get('created_at') as { toMillis: () => number }).toMillis(),
    }));
    const accessMails = mails.filter((mail) => mail.kind === 'access-code' || mail.kind === 'access-link');
    const limits = (await db.collection('access_limits').doc('parent-rossi-mario').get()).data();
    // Every wrong code compared with the parent's: the server's count when it keeps one, else the 401s (each one compared).
    const weighed = typeof limits?.wrong_tries === 'number' ? limits.wrong_tries : wrongAnswers;

    // The parent, on the same day, presses 'Trova' and opens the e-mailed link.
    let parentSignedIn = 'no sign-in link in this checkout';
    if (verifyLink) {
      clock += 2 * MINUTE;
      vi.setSystemTime(clock);
      expect((await call(requestAccessCode, { cf: ROSSI })).status).toBe(200);
      const message = await testInbox().waitFor((mail) => mail.to.includes(marioEmail) && /\/accesso#/.test(mail.text));
      const token = /\/accesso#([\w-]{43})\b/.exec(message.text)?.[1] ?? '';
      const signedIn = await call(verifyLink, { token });
      const family = await call(lookupFamily, { cf: ROSSI }, (signedIn.setCookie ?? '').split(';')[0]);
      parentSignedIn =
        signedIn.status === 200 && family.status === 200 ? 'yes, with the link' : `no (${signedIn.status}, ${family.status})`;
    }

    const figures = {
      rounds,
      'wrong codes tried': rounds * 5,
      'wrong codes weighed against the parent that day': weighed,
      "attacker's odds that day (weighed / 10^6)": weighed / 1_000_000,
      'access e-mails to the parent that day': accessMails.length,
      'most access e-mails in any hour': mostInAnHour(accessMails.map((mail) => mail.at)),
      'lock e-mails to the parent': mails.filter((mail) => mail.kind === 'access-locked').length,
      'the parent still signs in': parentSignedIn,
      answers,
    };
    console.log(`access-code attack, one Italian day:\n${JSON.stringify(figures, null, 2)}`);

    // The rules; a checkout before them has no link function and only prints its figures.
    if (verifyLink) {
      expect(weighed).toBe(10);
      expect(figures['most access e-mails in any hour']).toBeLessThanOrEqual(3);
      expect(figures['lock e-mails to the parent']).toBe(1);
      expect(parentSignedIn).toBe('yes, with the link');
    }
    // About 460 calls against the emulator.
  }, 240_000);
});

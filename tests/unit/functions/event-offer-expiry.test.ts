import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import eventOfferExpiry from '../../../netlify/functions/event-offer-expiry';
import eventSignup from '../../../netlify/functions/event-signup';
import familyEvents from '../../../netlify/functions/family-events';
import { sessionCookie } from '../../support/family-session';
import { browserRequest, functionContext } from '../../support/function-context';
import { testInbox } from '../../support/mail-inbox';
import { clearDb, useEmulatorDb } from '../../support/server-db';
import { writeEvent as writeSharedEvent } from '../../support/event-fixtures';

const PROJECT = 'demo-event-offer-expiry';

let db: Firestore;
let run = 0;
/** A prefix of this test's own: addresses and ids never meet another test's mail. */
let tag = '';

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
beforeEach(async () => {
  await clearDb(PROJECT);
  tag = `ex${Date.now()}x${run++}`;
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** A family with one parent (an address of the test's own) and one Reparto child; their ids. */
async function writeFamily(index: number) {
  const familyId = `family-${tag}-${index}`;
  const parentId = `parent-${tag}-${index}`;
  const childId = `son-${tag}-${index}`;
  const email = `${tag}-${index}@example.org`;
  await db
    .collection('families')
    .doc(familyId)
    .set({ id: familyId, surname: `Famiglia${index}`, updated_at: Timestamp.now() });
  await db
    .collection('parents')
    .doc(parentId)
    .set({ id: parentId, cf: `CF${index}`, family_id: familyId, name: 'Genitore', surname: `Famiglia${index}`, email, phone: null });
  await db
    .collection('sons')
    .doc(childId)
    .set({
      id: childId,
      family_id: familyId,
      name: `Figlio${index}`,
      surname: `Famiglia${index}`,
      cf: `CFSON${index}`,
      branch: 'Reparto',
      updated_at: Timestamp.now(),
    });
  return { familyId, parentId, childId, email };
}
type Family = Awaited<ReturnType<typeof writeFamily>>;

/** An outing of the Reparto with `places` places. */
const writeEvent = (places: number, fields: Record<string, unknown> = {}) => writeSharedEvent(db, `event-${tag}`, places, fields);

async function act(action: string, family: Family, eventId: string) {
  const context = functionContext();
  const response = await eventSignup(
    browserRequest('http://localhost/.netlify/functions/event-signup', {
      method: 'POST',
      headers: { cookie: await sessionCookie(family.familyId, family.parentId) },
      body: JSON.stringify({ action, eventId, childId: family.childId }),
    }),
    context,
  );
  await context.settled();
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** One scheduled run, as Netlify calls it. */
async function expiryRun() {
  const response = await eventOfferExpiry(browserRequest('http://localhost/.netlify/functions/event-offer-expiry', { method: 'POST' }));
  return { status: response.status, body: (await response.json()) as Record<string, number> };
}

const signupOf = async (eventId: string, family: Family) =>
  (await db.collection('event_signups').doc(`${eventId}_${family.childId}`).get()).data()!;
const counterOf = async (eventId: string) => (await db.collection('event_counters').doc(eventId).get()).data();

/** Moves the offer made to `family` `minutes` into the past. */
async function expire(eventId: string, family: Family, minutes = 1) {
  await db
    .collection('event_signups')
    .doc(`${eventId}_${family.childId}`)
    .update({ offered_until: Timestamp.fromMillis(Date.now() - minutes * 60_000) });
}

/** The offers' e-mails `family` received. */
const offersTo = async (family: Family) =>
  (await testInbox().messagesTo(family.email)).filter((message) => message.subject.startsWith('Si è liberato un posto'));

describe('event-offer-expiry', () => {
  it('ends an offer past its deadline and offers the place to the next family, by e-mail', async () => {
    const eventId = await writeEvent(1);
    const [a, b, c, d] = [await writeFamily(1), await writeFamily(2), await writeFamily(3), await writeFamily(4)];
    for (const family of [a, b, c, d]) await act('signup', family, eventId);
    await act('cancel', a, eventId);
    await testInbox().waitFor((message) => message.to.includes(b.email));
    // Nothing is due yet: the run changes nothing.
    expect(await expiryRun()).toEqual({ status: 200, body: { passed: 0, freed: 0, skipped: 0 } });
    expect(await signupOf(eventId, b)).toMatchObject({ state: 'offered' });

    await expire(eventId, b);
    const before = Date.now();
    expect(await expiryRun()).toEqual({ status: 200, body: { passed: 1, freed: 0, skipped: 0 } });
    const ended = await signupOf(eventId, b);
    expect(ended).toMatchObject({ state: 'cancelled', offered_until: null });
    expect(ended.offer_expired_at).toBeInstanceOf(Timestamp);
    const offered = await signupOf(eventId, c);
    expect(offered.state).toBe('offered');
    expect((offered.offered_until as Timestamp).toMillis() - before).toBeGreaterThanOrEqual(48 * 3600_000 - 1000);
    expect(await counterOf(eventId)).toMatchObject({ confirmed: 0, offered: 1 });
    const mail = await testInbox().waitFor((message) => message.to.includes(c.email));
    expect(mail.subject).toBe('Si è liberato un posto: Uscita di primavera');
    expect(mail.text).toContain('Figlio3 Famiglia3');

    // B's page says the time ran out; a late 'Conferma' is told so; C confirms; D waits first in line.
    const page = await familyEvents(
      browserRequest('http://localhost/.netlify/functions/family-events', {
        headers: { cookie: await sessionCookie(b.familyId, b.parentId) },
      }),
      functionContext(),
    );
    const { events } = (await page.json()) as { events: Array<{ id: string; children: Array<Record<string, unknown>> }> };
    expect(events.find((event) => event.id === eventId)!.children[0]).toMatchObject({
      signup: null,
      offerExpiredAt: (ended.offer_expired_at as Timestamp).toDate().toISOString(),
    });
    expect(await act('accept', b, eventId)).toMatchObject({ status: 410, body: { error: expect.stringContaining('scaduto') } });
    expect((await act('accept', c, eventId)).body).toMatchObject({ state: 'confirmed' });
    expect((await act('signup', d, eventId)).body).toMatchObject({ state: 'waiting', position: 1 });
    expect(await counterOf(eventId)).toMatchObject({ confirmed: 1, offered: 0 });
    expect(await offersTo(d)).toEqual([]);
  });

  it('two runs at the same moment end each offer once: the next two families in line get one offer and one e-mail each', async () => {
    const eventId = await writeEvent(2);
    const families = await Promise.all([1, 2, 3, 4, 5, 6].map((index) => writeFamily(index)));
    const [a, b, c, d, e, f] = families as [Family, Family, Family, Family, Family, Family];
    for (const family of families) await act('signup', family, eventId);
    await act('cancel', a, eventId);
    await act('cancel', b, eventId);
    expect((await signupOf(eventId, c)).state).toBe('offered');
    expect((await signupOf(eventId, d)).state).toBe('offered');
    await expire(eventId, c, 2);
    await expire(eventId, d, 1);

    const runs = await Promise.all([expiryRun(), expiryRun()]);
    expect(runs.map((answer) => answer.status)).toEqual([200, 200]);
    const total = (key: string) => runs.reduce((sum, answer) => sum + (answer.body[key] ?? 0), 0);
    expect(total('passed')).toBe(2);
    expect(total('freed')).toBe(0);

    expect((await signupOf(eventId, c)).state).toBe('cancelled');
    expect((await signupOf(eventId, d)).state).toBe('cancelled');
    expect((await signupOf(eventId, e)).state).toBe('offered');
    expect((await signupOf(eventId, f)).state).toBe('offered');
    expect(await counterOf(eventId)).toMatchObject({ confirmed: 0, offered: 2 });
    await testInbox().waitFor((message) => message.to.includes(f.email));
    expect(await offersTo(e)).toHaveLength(1);
    expect(await offersTo(f)).toHaveLength(1);
    // A third run finds nothing left to do.
    expect((await expiryRun()).body).toEqual({ passed: 0, freed: 0, skipped: 0 });
  }, 60_000);

  it('frees the place when nobody waits, and when the event was called off; leaves a confirmed place alone', async () => {
    const eventId = await writeEvent(1);
    const [a, b, c] = [await writeFamily(1), await writeFamily(2), await writeFamily(3)];
    await act('signup', a, eventId);
    await act('signup', b, eventId);
    await act('cancel', a, eventId);
    await expire(eventId, b);
    expect((await expiryRun()).body).toEqual({ passed: 0, freed: 1, skipped: 0 });
    expect(await counterOf(eventId)).toMatchObject({ confirmed: 0, offered: 0 });
    // The place is free again: the next sign-up takes it.
    expect((await act('signup', c, eventId)).body).toMatchObject({ state: 'confirmed' });

    const offEvent = `off-${tag}`;
    await db
      .collection('events')
      .doc(offEvent)
      .set({ ...(await db.collection('events').doc(eventId).get()).data(), id: offEvent, places: 1 });
    const [x, y, z] = [await writeFamily(7), await writeFamily(8), await writeFamily(9)];
    for (const family of [x, y, z]) await act('signup', family, offEvent);
    await act('cancel', x, offEvent);
    await expire(offEvent, y);
    await db.collection('events').doc(offEvent).update({ cancelled_at: Timestamp.now() });
    expect((await expiryRun()).body).toEqual({ passed: 0, freed: 1, skipped: 0 });
    expect((await signupOf(offEvent, z)).state).toBe('waiting');
    expect(await offersTo(z)).toEqual([]);
    expect((await signupOf(eventId, c)).state).toBe('confirmed');
  });
});

import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import eventSignup from '../../../netlify/functions/event-signup';
import { sessionCookie } from '../../support/family-session';
import { browserRequest, functionContext } from '../../support/function-context';
import { testInbox } from '../../support/mail-inbox';
import { clearDb, useEmulatorDb } from '../../support/server-db';
import { writeEvent as writeSharedEvent } from '../../support/event-fixtures';

const PROJECT = 'demo-event-signup';

let db: Firestore;
let run = 0;
/** A prefix of this test's own: addresses and ids never meet another test's mail. */
let tag = '';

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
beforeEach(async () => {
  await clearDb(PROJECT);
  tag = `ev${Date.now()}x${run++}`;
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** A family with one parent (an address of the test's own) and one child of `branch`; their ids. */
async function writeFamily(index: number, branch = 'Reparto') {
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
      branch,
      updated_at: Timestamp.now(),
    });
  return { familyId, parentId, childId, email };
}
type Family = Awaited<ReturnType<typeof writeFamily>>;

/** An outing of the Reparto with `places` places, closing on `closesOn` (a far day by default). */
const writeEvent = (places: number, closesOn = '2099-12-31') =>
  writeSharedEvent(db, `event-${tag}`, places, { meeting_point: 'Piazza della chiesa', closes_on: closesOn, season: 2099 });

/** event-signup as `family`'s parent calls it; waits for the e-mails it sends. */
async function call(family: Pick<Family, 'familyId' | 'parentId'>, body: Record<string, unknown>) {
  const context = functionContext();
  const response = await eventSignup(
    browserRequest('http://localhost/.netlify/functions/event-signup', {
      method: 'POST',
      headers: { cookie: await sessionCookie(family.familyId, family.parentId) },
      body: JSON.stringify(body),
    }),
    context,
  );
  await context.settled();
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const act = (action: string, family: Family, eventId: string, childId = family.childId) => call(family, { action, eventId, childId });

async function storedSignups(eventId: string) {
  const snapshot = await db.collection('event_signups').where('event_id', '==', eventId).get();
  return snapshot.docs.map((doc) => doc.data());
}

describe('event-signup', () => {
  it('confirms while places are left, then puts the next child on the waiting list', async () => {
    const eventId = await writeEvent(2);
    const [a, b, c] = [await writeFamily(1), await writeFamily(2), await writeFamily(3)];
    expect((await act('signup', a, eventId)).body).toMatchObject({ state: 'confirmed', position: null });
    expect((await act('signup', b, eventId)).body).toMatchObject({ state: 'confirmed', position: null });
    const third = await act('signup', c, eventId);
    expect(third).toEqual({ status: 200, body: { eventId, childId: c.childId, state: 'waiting', position: 1, offeredUntil: null } });
    expect((await db.collection('event_counters').doc(eventId).get()).data()).toMatchObject({ confirmed: 2, offered: 0, next_position: 2 });
  });

  it("offers a cancelled place to the first family waiting, by e-mail, and 'accept' confirms it", async () => {
    const eventId = await writeEvent(2);
    const [a, b, c, d] = [await writeFamily(1), await writeFamily(2), await writeFamily(3), await writeFamily(4)];
    for (const family of [a, b, c, d]) await act('signup', family, eventId);
    expect((await act('signup', d, eventId)).body).toMatchObject({ state: 'waiting', position: 2 });

    const before = Date.now();
    const cancelled = await act('cancel', a, eventId);
    expect(cancelled).toMatchObject({ status: 200, body: { state: 'cancelled' } });
    const offered = (await db.collection('event_signups').doc(`${eventId}_${c.childId}`).get()).data()!;
    expect(offered.state).toBe('offered');
    const until = (offered.offered_until as Timestamp).toMillis();
    expect(until - before).toBeGreaterThanOrEqual(48 * 3600_000 - 1000);
    expect(until - before).toBeLessThan(48 * 3600_000 + 60_000);
    // The family behind is now first in line.
    expect((await act('signup', d, eventId)).body).toMatchObject({ state: 'waiting', position: 1 });

    const mail = await testInbox().waitFor((message) => message.to.includes(c.email));
    expect(mail.subject).toBe('Si è liberato un posto: Uscita di primavera');
    expect(mail.text).toContain('Figlio3 Famiglia3');
    expect(mail.text).toContain('http://localhost/famiglia');
    expect(await testInbox().messagesTo(d.email)).toEqual([]);

    const accepted = await act('accept', c, eventId);
    expect(accepted).toEqual({
      status: 200,
      body: { eventId, childId: c.childId, state: 'confirmed', position: null, offeredUntil: null },
    });
    expect((await act('accept', c, eventId)).body).toMatchObject({ state: 'confirmed' });
    expect((await db.collection('event_counters').doc(eventId).get()).data()).toMatchObject({ confirmed: 2, offered: 0 });
    // Nobody else holds an offer: the waiting family cannot confirm.
    expect(await act('accept', d, eventId)).toMatchObject({ status: 409, body: { error: expect.stringContaining('Non c’è un posto') } });
  });

  it('passes a declined offer to the next family, and a waiting family that leaves frees no place', async () => {
    const eventId = await writeEvent(1);
    const [a, b, c, d] = [await writeFamily(1), await writeFamily(2), await writeFamily(3), await writeFamily(4)];
    for (const family of [a, b, c, d]) await act('signup', family, eventId);
    expect((await act('cancel', c, eventId)).body).toMatchObject({ state: 'cancelled' });
    expect((await db.collection('event_counters').doc(eventId).get()).data()).toMatchObject({ confirmed: 1, offered: 0 });
    await act('cancel', a, eventId);
    await testInbox().waitFor((message) => message.to.includes(b.email));
    // B does not want it: the place goes to D, who was behind C (gone).
    await act('cancel', b, eventId);
    await testInbox().waitFor((message) => message.to.includes(d.email));
    expect((await act('accept', d, eventId)).body).toMatchObject({ state: 'confirmed' });
    expect((await db.collection('event_counters').doc(eventId).get()).data()).toMatchObject({ confirmed: 1, offered: 0 });
    expect((await storedSignups(eventId)).filter((signup) => signup.state === 'confirmed').map((signup) => signup.child_id)).toEqual([
      d.childId,
    ]);
  });

  it('refuses an offer past its deadline', async () => {
    const eventId = await writeEvent(1);
    const [a, b] = [await writeFamily(1), await writeFamily(2)];
    await act('signup', a, eventId);
    await act('signup', b, eventId);
    await act('cancel', a, eventId);
    await db
      .collection('event_signups')
      .doc(`${eventId}_${b.childId}`)
      .update({ offered_until: Timestamp.fromMillis(Date.now() - 1000) });
    expect(await act('accept', b, eventId)).toMatchObject({ status: 410, body: { error: expect.stringContaining('scaduto') } });
  });

  it('gives the last place to exactly one of 20 sign-ups sent at the same moment; the other 19 wait in a stable order', async () => {
    const eventId = await writeEvent(3);
    const first = [await writeFamily(100), await writeFamily(101)];
    for (const family of first) await act('signup', family, eventId);
    const families = await Promise.all(Array.from({ length: 20 }, (_, index) => writeFamily(index)));

    const answers = await Promise.all(families.map((family) => act('signup', family, eventId)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const states = answers.map((answer) => answer.body.state);
    expect(states.filter((state) => state === 'confirmed')).toHaveLength(1);
    expect(states.filter((state) => state === 'waiting')).toHaveLength(19);

    const stored = await storedSignups(eventId);
    expect(stored.filter((signup) => signup.state === 'confirmed')).toHaveLength(3);
    const positions = stored
      .filter((signup) => signup.state === 'waiting')
      .map((signup) => signup.position as number)
      .sort((x, y) => x - y);
    expect(positions).toEqual(Array.from({ length: 19 }, (_, index) => index + 1));
    expect((await db.collection('event_counters').doc(eventId).get()).data()).toMatchObject({
      confirmed: 3,
      offered: 0,
      next_position: 20,
    });

    // The order is the stored one: asking again shows each family the same place in line.
    const again = await Promise.all(families.map((family) => act('signup', family, eventId)));
    expect(again.map((answer) => answer.body)).toEqual(answers.map((answer) => answer.body));
    const shown = answers.filter((answer) => answer.body.state === 'waiting').map((answer) => answer.body.position as number);
    expect(shown.sort((x, y) => x - y)).toEqual(positions);
    // Twenty transactions on one counter retry one another: about 12 s on the emulator.
  }, 60_000);

  it('answers a duplicate request with the same sign-up, nothing doubled', async () => {
    const eventId = await writeEvent(1);
    const [a, b] = [await writeFamily(1), await writeFamily(2)];
    const twice = await Promise.all([act('signup', a, eventId), act('signup', a, eventId)]);
    expect(twice[0]).toEqual(twice[1]);
    expect(twice[0].body).toMatchObject({ state: 'confirmed' });
    const waiting = await Promise.all([act('signup', b, eventId), act('signup', b, eventId)]);
    expect(waiting.map((answer) => answer.body)).toEqual([
      expect.objectContaining({ state: 'waiting', position: 1 }),
      expect.objectContaining({ state: 'waiting', position: 1 }),
    ]);
    expect(await storedSignups(eventId)).toHaveLength(2);
    expect((await db.collection('event_counters').doc(eventId).get()).data()).toMatchObject({ confirmed: 1, next_position: 2 });
    // Cancelling twice frees one place once.
    await act('cancel', a, eventId);
    expect((await act('cancel', a, eventId)).body).toMatchObject({ state: 'cancelled' });
    expect((await db.collection('event_counters').doc(eventId).get()).data()).toMatchObject({ confirmed: 0, offered: 1 });
    // Two transactions on one sign-up wait for each other's lock on the emulator.
  }, 60_000);

  it("refuses another family's child, a child of another branch, a closed event, and no session", async () => {
    const eventId = await writeEvent(5);
    const [a, b] = [await writeFamily(1), await writeFamily(2)];
    const lupetto = await writeFamily(3, 'Branco');
    expect(await act('signup', a, eventId, b.childId)).toEqual({ status: 403, body: { error: 'Puoi iscrivere solo i tuoi figli.' } });
    expect(await act('signup', lupetto, eventId)).toMatchObject({ status: 403, body: { error: expect.stringContaining('branca') } });
    expect(await act('cancel', a, eventId, b.childId)).toMatchObject({ status: 404 });
    expect(await act('signup', a, 'no-such-event')).toMatchObject({
      status: 404,
      body: { error: 'Evento non trovato: aggiorna la pagina.' },
    });
    expect(await call(a, { action: 'signup', eventId: 'a/b', childId: a.childId })).toMatchObject({ status: 400 });
    expect(await call(a, { action: 'signup', eventId: 'event_x', childId: a.childId })).toMatchObject({ status: 400 });
    expect(await storedSignups(eventId)).toEqual([]);

    await act('signup', a, eventId);
    await db.collection('events').doc(eventId).update({ closes_on: '2020-01-31' });
    expect(await act('signup', b, eventId)).toMatchObject({ status: 409, body: { error: expect.stringContaining('chiuse') } });
    expect(await act('cancel', a, eventId)).toMatchObject({ status: 409, body: { error: expect.stringContaining('chiuse') } });
    expect(await storedSignups(eventId)).toEqual([expect.objectContaining({ child_id: a.childId, state: 'confirmed' })]);

    const anonymous = await eventSignup(
      browserRequest('http://localhost/.netlify/functions/event-signup', {
        method: 'POST',
        body: JSON.stringify({ action: 'signup', eventId, childId: a.childId }),
      }),
      functionContext(),
    );
    expect(anonymous.status).toBe(401);
  });
});

describe('event-signup: the confirmation e-mail', () => {
  /** The confirmations `family` received. */
  const confirmationsTo = async (family: Family) =>
    (await testInbox().messagesTo(family.email)).filter((message) => message.subject.startsWith('Iscrizione confermata'));

  it('e-mails a place confirmed once, with the calendar entry; a waiting child gets none until the offered place is taken', async () => {
    const eventId = await writeEvent(1);
    const [a, b] = [await writeFamily(1), await writeFamily(2)];
    // Two taps at once: one sign-up, one e-mail.
    await Promise.all([act('signup', a, eventId), act('signup', a, eventId)]);
    const mail = await testInbox().waitFor((message) => message.to.includes(a.email));
    expect(mail.subject).toBe('Iscrizione confermata: Uscita di primavera');
    expect(mail.text).toContain('Figlio1 Famiglia1 ha un posto a «Uscita di primavera»');
    expect(mail.text).toContain('Ritrovo: Piazza della chiesa.');
    expect(mail.text).toContain('http://localhost/famiglia');
    expect(mail.attachments).toEqual([
      expect.objectContaining({ name: 'uscita-di-primavera.ics', contentType: expect.stringContaining('text/calendar') }),
    ]);
    const ics = new TextDecoder().decode(await testInbox().attachment(mail, mail.attachments[0]!.filename));
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('SUMMARY:Uscita di primavera (Figlio1 Famiglia1)');
    // 08:30 in Rome on 9 May is 06:30 UTC; 17:00 on 10 May is 15:00 UTC.
    expect(ics).toContain('DTSTART:20990509T063000Z');
    expect(ics).toContain('DTEND:20990510T150000Z');
    expect(ics).toContain('LOCATION:Campo base di Colle Verde (ritrovo: Piazza della chiesa)');
    expect(ics).toContain(`UID:${eventId}-${a.childId}@`);
    expect(ics.replace(/\r\n[ \t]/g, '')).toContain('STATUS:CONFIRMED');

    await act('signup', b, eventId);
    await act('cancel', a, eventId);
    await testInbox().waitFor((message) => message.to.includes(b.email));
    expect(await confirmationsTo(b)).toEqual([]);
    await Promise.all([act('accept', b, eventId), act('accept', b, eventId)]);
    const taken = await testInbox().waitFor(
      (message) => message.to.includes(b.email) && message.subject.startsWith('Iscrizione confermata'),
    );
    expect(taken.attachments).toHaveLength(1);
    expect(await confirmationsTo(b)).toHaveLength(1);
    expect(await confirmationsTo(a)).toHaveLength(1);
  }, 60_000);
});

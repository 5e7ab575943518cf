import { randomUUID } from 'node:crypto';
import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import confirmFamilyContacts from '../../../netlify/functions/confirm-family-contacts';
import familyContacts from '../../../netlify/functions/family-contacts';
import { readRosterIndex } from '../../../netlify/lib/roster/roster-index';
import { SEASON } from '@config/season';
import { PARENT_MESSAGES } from '@contracts/parent-messages';
import { sessionCookie } from '../../support/family-session';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';

const PROJECT = 'demo-family-contacts';
let db: Firestore;
/** A fresh address per test. */
let paoloEmail = '';

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  const tag = randomUUID().slice(0, 8);
  paoloEmail = `paolo.verdi+${tag}@example.com`;
  await db.collection('parents').doc('parent-verdi-paolo').update({ email: paoloEmail });
});

const PAOLO = () => sessionCookie('family-verdi', 'parent-verdi-paolo');

async function call(fn: NetlifyFunction, body: unknown, cookie: string) {
  const context = functionContext();
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

const auditOf = async (action: string) =>
  (await db.collection('audit_log').where('action', '==', action).get()).docs.map((doc) => doc.data());

describe('family-contacts', () => {
  it("shows the session family's parents and children, not yet confirmed this season", async () => {
    const { status, body } = await call(familyContacts, {}, await PAOLO());
    expect(status).toBe(200);
    expect(body).toMatchObject({ season: SEASON.campYear, confirmedAt: null, confirmedThisSeason: false });
    expect(body.parents).toEqual([
      { id: 'parent-verdi-elena', name: 'Elena', surname: 'Verdi', email: 'elena.verdi@example.com', phone: null, self: false },
      { id: 'parent-verdi-paolo', name: 'Paolo', surname: 'Verdi', email: paoloEmail, phone: '+39 333 100 0003', self: true },
    ]);
    expect((body.children as Array<{ name: string }>).map((child) => child.name)).toEqual([
      'Alice',
      'Andrea',
      'Chiara',
      'Matteo',
      'Sofia',
      'Tommaso',
    ]);
  });

  it('answers 401 without a session', async () => {
    expect(await call(familyContacts, {}, '')).toEqual({ status: 401, body: { error: PARENT_MESSAGES.sessionExpired } });
  });
});

describe('confirm-family-contacts', () => {
  it('records the confirmation once when two parents confirm at the same moment, audited once', async () => {
    const [paolo, elena] = await Promise.all([
      call(confirmFamilyContacts, {}, await PAOLO()),
      call(confirmFamilyContacts, {}, await sessionCookie('family-verdi', 'parent-verdi-elena')),
    ]);
    expect([paolo.status, elena.status]).toEqual([200, 200]);
    expect(paolo.body.confirmedAt).toBe(elena.body.confirmedAt);
    const family = (await db.collection('families').doc('family-verdi').get()).data();
    expect(family?.contacts_confirmed_season).toBe(SEASON.campYear);
    expect((family?.contacts_confirmed_at as Timestamp).toDate().toISOString()).toBe(paolo.body.confirmedAt);
    expect(await auditOf('family.contacts_confirm')).toHaveLength(1);
    const contacts = await call(familyContacts, {}, await PAOLO());
    expect(contacts.body).toMatchObject({ confirmedThisSeason: true, confirmedAt: paolo.body.confirmedAt });
  });

  it("applies the parent's new phone at once, in the roster index too, audited before and after", async () => {
    const { status } = await call(confirmFamilyContacts, { phone: ' 340 123 4567 ' }, await PAOLO());
    expect(status).toBe(200);
    expect((await db.collection('parents').doc('parent-verdi-paolo').get()).get('phone')).toBe('340 123 4567');
    const indexed = (await readRosterIndex(db)).parents.find((parent) => parent.id === 'parent-verdi-paolo');
    expect(indexed?.phone).toBe('340 123 4567');
    const [entry] = await auditOf('family.parent_contact_change');
    expect(entry).toMatchObject({
      actor: { uid: 'parent:parent-verdi-paolo', email: paoloEmail },
      before: { phone: '+39 333 100 0003' },
      after: { phone: '340 123 4567' },
    });
  });

  it('refuses a phone that is not one, writing nothing', async () => {
    const { status, body } = await call(confirmFamilyContacts, { phone: 'chiamami' }, await PAOLO());
    expect(status).toBe(400);
    expect(body.error).toMatch(/telefono valido/);
    expect((await db.collection('families').doc('family-verdi').get()).get('contacts_confirmed_season') ?? null).toBeNull();
  });

  it('refuses a session whose parent is of another family: nothing of either family changes', async () => {
    const forged = await sessionCookie('family-rossi', 'parent-verdi-paolo');
    const { status } = await call(confirmFamilyContacts, { phone: '333 000 0000' }, forged);
    expect(status).toBe(401);
    expect((await db.collection('parents').doc('parent-verdi-paolo').get()).get('phone')).toBe('+39 333 100 0003');
    expect((await db.collection('families').doc('family-rossi').get()).get('contacts_confirmed_season') ?? null).toBeNull();
  });
});

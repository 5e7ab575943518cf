import { randomUUID } from 'node:crypto';
import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import changeParentEmail from '../../../netlify/functions/change-parent-email';
import confirmFamilyContacts from '../../../netlify/functions/confirm-family-contacts';
import familyContacts from '../../../netlify/functions/family-contacts';
import { readRosterIndex } from '../../../netlify/lib/roster/roster-index';
import { SEASON } from '@config/season';
import { changeParentEmailContract } from '@contracts/change-parent-email';
import { PARENT_MESSAGES } from '@contracts/parent-messages';
import { sessionCookie } from '../../support/family-session';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';
import { testInbox } from '../../support/mail-inbox';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';

const PROJECT = 'demo-family-contacts';
const MESSAGES = changeParentEmailContract.messages;
let db: Firestore;
/** Fresh addresses per test, so no other test's mail is read as this one's. */
let paoloEmail = '';
let newEmail = '';

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  const tag = randomUUID().slice(0, 8);
  paoloEmail = `paolo.verdi+${tag}@example.com`;
  newEmail = `paolo.nuovo+${tag}@example.com`;
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

async function codeSentTo(address: string): Promise<string> {
  const message = await testInbox().waitFor(
    (mail) => mail.to.includes(address) && mail.subject === 'Conferma il tuo nuovo indirizzo e-mail',
  );
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in: ${message.text}`);
  return code;
}

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

describe('change-parent-email', () => {
  it('sends a code to the new address; once confirmed the e-mail is replaced, the index too, the old address told, audited', async () => {
    const sent = await call(changeParentEmail, { email: ` ${newEmail.toUpperCase()} ` }, await PAOLO());
    expect(sent).toEqual({ status: 200, body: { status: 'code-sent', email: 'p•••@e•••.com', minutes: 10 } });
    const pending = (await db.collection('email_changes').doc('parent-verdi-paolo').get()).data();
    const code = await codeSentTo(newEmail);
    expect(JSON.stringify(pending)).not.toContain(code);
    expect((await db.collection('parents').doc('parent-verdi-paolo').get()).get('email')).toBe(paoloEmail);

    const changed = await call(changeParentEmail, { code }, await PAOLO());
    expect(changed).toEqual({ status: 200, body: { status: 'changed', email: newEmail } });
    expect((await db.collection('parents').doc('parent-verdi-paolo').get()).get('email')).toBe(newEmail);
    expect((await readRosterIndex(db)).parents.find((parent) => parent.id === 'parent-verdi-paolo')?.email).toBe(newEmail);
    expect((await db.collection('email_changes').doc('parent-verdi-paolo').get()).exists).toBe(false);
    const told = await testInbox().waitFor((mail) => mail.to.includes(paoloEmail) && mail.subject === 'Il tuo indirizzo e-mail è cambiato');
    expect(told.text).toContain('p•••@e•••.com');
    expect(told.text).not.toContain(newEmail);
    const [entry] = await auditOf('family.parent_contact_change');
    expect(entry).toMatchObject({ before: { email: paoloEmail }, after: { email: newEmail } });
    expect(await call(changeParentEmail, { code }, await PAOLO())).toEqual({ status: 404, body: { error: MESSAGES.noChange } });
  });

  it('counts wrong codes and ends the change after five', async () => {
    await call(changeParentEmail, { email: newEmail }, await PAOLO());
    const code = await codeSentTo(newEmail);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let attempt = 1; attempt < 5; attempt += 1) {
      expect(await call(changeParentEmail, { code: wrong }, await PAOLO())).toEqual({ status: 400, body: { error: MESSAGES.wrong } });
    }
    expect(await call(changeParentEmail, { code: wrong }, await PAOLO())).toEqual({ status: 429, body: { error: MESSAGES.tooManyTries } });
    expect(await call(changeParentEmail, { code }, await PAOLO())).toEqual({ status: 404, body: { error: MESSAGES.noChange } });
    expect((await db.collection('parents').doc('parent-verdi-paolo').get()).get('email')).toBe(paoloEmail);
    expect(await auditOf('family.parent_contact_change')).toHaveLength(0);
  });

  it('refuses an expired code, another code within a minute, the same address and a malformed one', async () => {
    const cookie = await PAOLO();
    expect((await call(changeParentEmail, { email: newEmail }, cookie)).status).toBe(200);
    expect(await call(changeParentEmail, { email: newEmail }, cookie)).toEqual({ status: 429, body: { error: MESSAGES.wait } });
    const code = await codeSentTo(newEmail);
    await db
      .collection('email_changes')
      .doc('parent-verdi-paolo')
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(await call(changeParentEmail, { code }, cookie)).toEqual({ status: 400, body: { error: MESSAGES.expired } });
    expect(await call(changeParentEmail, { email: paoloEmail }, cookie)).toEqual({ status: 400, body: { error: MESSAGES.same } });
    expect(await call(changeParentEmail, { email: 'non-una-email' }, cookie)).toEqual({ status: 400, body: { error: MESSAGES.email } });
    expect(await call(changeParentEmail, { code: '12ab' }, cookie)).toEqual({ status: 400, body: { error: MESSAGES.code } });
  });

  it("a code is good only for its own parent: another family's session cannot spend it", async () => {
    await call(changeParentEmail, { email: newEmail }, await PAOLO());
    const code = await codeSentTo(newEmail);
    const rossi = await sessionCookie('family-rossi', 'parent-rossi-mario');
    expect(await call(changeParentEmail, { code }, rossi)).toEqual({ status: 404, body: { error: MESSAGES.noChange } });
    const forged = await sessionCookie('family-rossi', 'parent-verdi-paolo');
    expect((await call(changeParentEmail, { code }, forged)).status).toBe(401);
    expect((await db.collection('parents').doc('parent-verdi-paolo').get()).get('email')).toBe(paoloEmail);
  });
});

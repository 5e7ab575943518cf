import { randomUUID } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminReminders from '../../../netlify/functions/admin-reminders';
import { DEMO_FAMILIES } from '../../../emulators/seed/demo-data';
import { SEASON } from '@config/season';
import { GROUP } from '@config/group';
import { PLAN } from '@domain/catalogue/seed';
import type { PaymentStatus } from '@domain/payments/payment-status';
import { seasonItemId } from '@domain/catalogue/season-catalogue';
import { startTestAuth, type TestAuth } from '../../support/auth-emulator';
import { browserRequest, functionContext } from '../../support/function-context';
import { testInbox } from '../../support/mail-inbox';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { forgetSeasonSettings } from '../../../netlify/lib/season/season-settings';

/**
 * admin-reminders against the Auth and Firestore emulators and the run's
 * mail catcher (docs/admin.md, "Reminders"). On top of the demo data the
 * season gets: Neri's Acconto and Saldo paid, Verdi's Acconto paid and a
 * Saldo Bonifico to verify for Andrea, Rossi's Acconto paid for Marco with
 * Mario's e-mail removed. So the Saldo is to remind to Bianchi (Sara) only;
 * Rossi is to phone. Every parent's address is made unique per test: the
 * unit tests share one mail catcher.
 */

const PROJECT = 'demo-admin-reminders';
const YEAR: number = SEASON.campYear;
const SUBJECT = `Promemoria: Saldo Campo Estivo ${YEAR} da pagare`;

let db: Firestore;
let auth: TestAuth;
let treasurer: string;
let leader: string;
let parent: string;
/** Each demo parent's address in the current test, by parent id. */
let addressOf: Record<string, string> = {};

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
  auth = await startTestAuth(PROJECT);
  treasurer = await auth.account('tesoriere@example.com', { role: 'tesoriere' });
  leader = await auth.account('capo@example.com', { role: 'admin' });
  parent = await auth.account('genitore@example.com');
}, 120_000);
afterAll(() => auth.stop(), 30_000);
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  forgetSeasonSettings();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const tag = randomUUID().slice(0, 8);
  addressOf = {};
  const batch = db.batch();
  for (const family of DEMO_FAMILIES) {
    for (const person of family.parents) {
      addressOf[person.id] = person.email.replace('@', `+${tag}@`);
      batch.update(db.collection('parents').doc(person.id), { email: addressOf[person.id] });
    }
  }
  batch.update(db.collection('parents').doc('parent-rossi-mario'), { email: null });
  await batch.commit();
  await addOrder('neri-camp', 'family-neri', 'Neri', 'Confermato', PLAN.campAcconto, ['son-neri-pietro', 'son-neri-elisa']);
  await addOrder('neri-saldo', 'family-neri', 'Neri', 'Confermato', PLAN.campSaldo, ['son-neri-pietro', 'son-neri-elisa']);
  await addOrder('verdi-camp', 'family-verdi', 'Verdi', 'Confermato', PLAN.campAcconto, ['son-verdi-andrea', 'son-verdi-chiara']);
  await addOrder('verdi-saldo', 'family-verdi', 'Verdi', 'Da Verificare', PLAN.campSaldo, ['son-verdi-andrea']);
  await addOrder('rossi-camp', 'family-rossi', 'Rossi', 'Confermato', PLAN.campAcconto, ['son-rossi-marco']);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Writes an order of `plan` for `childIds` of the current season, its items and its payment, as recordOrder would. */
async function addOrder(id: string, familyId: string, surname: string, status: PaymentStatus, plan: string, childIds: string[]) {
  const createdAt = Timestamp.fromDate(new Date(`${YEAR}-04-01T10:00:00Z`));
  const paymentId = `payment-${id}`;
  const method = status === 'Da Verificare' ? 'Bonifico' : 'Online';
  // The Saldo at its ladder's prices (180 €, then 155 €): a family's balance counts what it paid (docs/product.md, "A family's balance").
  const lines = childIds.map((childId, index) => ({
    item_id: seasonItemId(YEAR, plan, childId),
    child_id: childId,
    name: childId.split('-').at(-1) ?? '',
    surname,
    note: '' as const,
    price: plan === PLAN.campSaldo ? (index === 0 ? 180 : 155) : 100,
  }));
  const batch = db.batch();
  for (const line of lines) {
    batch.set(db.collection('order_items').doc(line.item_id), {
      id: line.item_id,
      created_at: createdAt,
      season: YEAR,
      family_id: familyId,
      payment_id: paymentId,
      note: '',
      plan,
      son_info: { id: line.child_id, name: line.name, surname },
      price: line.price,
    });
  }
  batch.set(db.collection('payments').doc(paymentId), {
    id: paymentId,
    created_at: createdAt,
    season: YEAR,
    order_id: id,
    family_id: familyId,
    family_surname: surname,
    surname_key: surname.toLowerCase(),
    plan,
    method,
    status,
    total_amount: lines.reduce((sum, line) => sum + line.price, 0),
    lines,
    confirmed_at: null,
    confirmed_by: null,
  });
  batch.set(db.collection('orders').doc(id), {
    id,
    created_at: createdAt,
    season: YEAR,
    family_id: familyId,
    order_items: lines.map((line) => line.item_id),
    payment_id: paymentId,
  });
  await batch.commit();
}

/** Calls the function with `body` as the holder of `token`; `settled` waits for the e-mails it sends after answering. */
async function call(body: unknown, token?: string) {
  const context = functionContext();
  const response = await adminReminders(
    browserRequest('http://localhost/.netlify/functions/admin-reminders', {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: JSON.stringify(body),
    }),
    context,
  );
  await context.settled();
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const preview = (token = treasurer) => call({ product: 'campo-saldo', action: 'preview' }, token);
const send = (token = treasurer) => call({ product: 'campo-saldo', action: 'send' }, token);

const reminderIds = async () => (await db.collection('reminders').get()).docs.map((snapshot) => snapshot.id).sort();
const reminderMails = async () =>
  (await db.collection('mail').where('kind', '==', 'reminder').get()).docs.map((snapshot) => snapshot.data());
const auditEntries = async () => (await db.collection('audit_log').get()).docs.map((snapshot) => snapshot.data());
const remindersTo = async (parentId: string) =>
  (await testInbox().messagesTo(addressOf[parentId] ?? '')).filter((message) => message.subject.startsWith('Promemoria'));

const ROSSI_TO_CALL = { familySurname: 'Rossi', parent: 'Mario Rossi', phone: '+39 333 100 0001' };

describe('admin-reminders', () => {
  it('refuses no token (401), an account without the admin claim (403) and a malformed body (400), sending nothing', async () => {
    expect(await preview('')).toEqual({ status: 401, body: { error: 'Accesso admin richiesto.' } });
    expect(await call({ product: 'campo-saldo', action: 'send' }, parent)).toEqual({
      status: 403,
      body: { error: 'Questo account non è un amministratore.' },
    });
    const malformed = await call({ product: 'campo-estivo', action: 'send' }, treasurer);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/^Richiesta non valida/);
    expect(await reminderIds()).toEqual([]);
    expect(await reminderMails()).toEqual([]);
  });

  it('previews the Saldo: the families to write to, their children and the parents to phone, writing nothing', async () => {
    expect(await preview()).toEqual({
      status: 200,
      body: { families: 1, children: 1, recentlyReminded: 0, withoutEmail: [ROSSI_TO_CALL] },
    });
    expect(await reminderIds()).toEqual([]);
    expect(await auditEntries()).toEqual([]);
  });

  it('sends one e-mail to the family with an unpaid Saldo: the child, the price, the deadline, the transfer and the payment page', async () => {
    await db
      .collection('season_settings')
      .doc(String(YEAR))
      .set({ season: YEAR, card_fee: true, deadlines: { 'campo-saldo': `${YEAR}-06-30` }, updated_at: new Date(), updated_by: 'test' });
    expect(await send()).toEqual({ status: 200, body: { sent: 1, children: 1, recentlyReminded: 0, withoutEmail: [ROSSI_TO_CALL] } });

    const [message, ...more] = await remindersTo('parent-bianchi-anna');
    expect(more).toEqual([]);
    expect(message?.subject).toBe(SUBJECT);
    for (const expected of [
      'Gentile famiglia Bianchi,',
      'Sara',
      '180,00 €',
      `Da pagare entro il 30/06/${YEAR}`,
      GROUP.bankAccount.iban,
      GROUP.bankAccount.holder,
      `Saldo Campo Scout ${YEAR} - Bianchi`,
      'http://localhost/campo-estivo',
      GROUP.name,
    ]) {
      expect(message?.text).toContain(expected);
    }
    expect(await reminderIds()).toEqual([`${YEAR}_campo-saldo_family-bianchi`]);
    const stored = (await db.collection('reminders').doc(`${YEAR}_campo-saldo_family-bianchi`).get()).data();
    expect(stored).toMatchObject({
      season: YEAR,
      product: 'campo-saldo',
      family_id: 'family-bianchi',
      child_ids: ['son-bianchi-sara'],
      sent_by: 'tesoriere@example.com',
    });
  });

  it('writes nothing to a family that has paid, nor to one with a Saldo transfer to verify, even for its child still to pay', async () => {
    await send();
    expect(await remindersTo('parent-bianchi-anna')).toHaveLength(1);
    for (const parentId of ['parent-neri-carla', 'parent-verdi-paolo', 'parent-verdi-elena']) {
      expect(await remindersTo(parentId)).toEqual([]);
    }
    expect((await reminderMails()).map((mail) => mail.family_id)).toEqual(['family-bianchi']);
  });

  it('lists a parent without an e-mail and neither writes to the family nor marks it reminded', async () => {
    const answer = await send();
    expect(answer.body.withoutEmail).toEqual([ROSSI_TO_CALL]);
    expect(await reminderIds()).not.toContain(`${YEAR}_campo-saldo_family-rossi`);
    expect((await reminderMails()).some((mail) => mail.family_id === 'family-rossi')).toBe(false);
  });

  it('pressing send again at once sends nothing and says why: the family was reminded in the last 7 days', async () => {
    await send();
    expect(await send(leader)).toEqual({
      status: 200,
      body: { sent: 0, children: 0, recentlyReminded: 1, withoutEmail: [ROSSI_TO_CALL] },
    });
    expect(await preview()).toMatchObject({ body: { families: 0, recentlyReminded: 1 } });
    expect(await remindersTo('parent-bianchi-anna')).toHaveLength(1);
    expect(await reminderMails()).toHaveLength(1);
    expect(await auditEntries()).toHaveLength(1);
  });

  it('reminds a family again once its last reminder is 7 days old', async () => {
    await send();
    const sentAt = Timestamp.fromMillis(Date.now() - 7 * 24 * 60 * 60 * 1000 - 1000);
    await db.collection('reminders').doc(`${YEAR}_campo-saldo_family-bianchi`).update({ sent_at: sentAt });
    expect((await send()).body).toMatchObject({ sent: 1, recentlyReminded: 0 });
    expect(await remindersTo('parent-bianchi-anna')).toHaveLength(2);
  });

  it('two admins sending at the same moment write to each family once', async () => {
    await db.collection('parents').doc('parent-rossi-mario').update({ email: addressOf['parent-rossi-mario'] });
    const answers = await Promise.all([send(treasurer), send(leader)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.reduce((sum, answer) => sum + Number(answer.body.sent), 0)).toBe(2);
    expect(await reminderIds()).toEqual([`${YEAR}_campo-saldo_family-bianchi`, `${YEAR}_campo-saldo_family-rossi`]);
    expect((await reminderMails()).map((mail) => mail.family_id).sort()).toEqual(['family-bianchi', 'family-rossi']);
    expect(await remindersTo('parent-bianchi-anna')).toHaveLength(1);
    expect(await remindersTo('parent-rossi-mario')).toHaveLength(1);
  });

  it('records one audit entry: who, the product, how many families and children', async () => {
    await send();
    const entries = await auditEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'reminder.send',
      actor: { email: 'tesoriere@example.com' },
      target: { collection: 'reminders', id: `${YEAR}_campo-saldo` },
      summary: 'Promemoria Saldo inviati a 1 famiglia (1 figlio)',
      after: { season: YEAR, product: 'campo-saldo', families: ['family-bianchi'], children: 1 },
    });
  });
});

import { randomUUID } from 'node:crypto';
import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailBudgetLimits } from '../../../netlify/lib/platform/mail/mail-budget';
import { enqueueMail } from '../../../netlify/lib/platform/mail/outbox';
import { deliverDue, deliverMail } from '../../../netlify/lib/mail-delivery';
import type { MailKind } from '@domain/mail-schema';
import { italianDateTime, italianDay, italianMidnight, nextItalianMidnight } from '@domain/italian-time';
import { testInbox } from '../../support/mail-inbox';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';

/**
 * The mail budget (docs/security.md, "The mail budget"): past the day's
 * cap, or an address's, ordinary messages wait for the next day and are
 * sent then; access e-mails go out regardless, and first; the admin reads
 * one 'Limite e-mail raggiunto' per cap and day in 'Registro'.
 */

const PROJECT = 'demo-mail-budget';
let db: Firestore;
/** Midday in Italy today: the budget's day. */
const MIDDAY = new Date(italianMidnight(italianDay(new Date())).getTime() + 12 * 60 * 60_000);
const TOMORROW = new Date(nextItalianMidnight(MIDDAY).getTime() + 5 * 60_000);

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** An address of this test alone: the unit tests share one mail catcher. */
const uniqueAddress = (name: string) => `${name}+${randomUUID().slice(0, 8)}@example.com`;

/** Writes a message of `kind` to `to`, written at `at`; returns its id. */
async function enqueue(kind: MailKind, to: string[], at = MIDDAY): Promise<string> {
  const batch = db.batch();
  const subject = kind === 'access-code' ? 'Il tuo codice di accesso' : 'Scheda medica ricevuta';
  const id = enqueueMail(db, batch, { kind, to, content: { subject, text: 'prova', html: '<p>prova</p>' }, familyId: null }, at);
  await batch.commit();
  return id ?? '';
}

const budgetEntries = async () =>
  (await db.collection('audit_log').where('action', '==', 'mail.budget').get()).docs.map((snapshot) => snapshot.data());

const mailOf = async (id: string) => (await db.collection('mail').doc(id).get()).data();

describe('the mail budget', () => {
  it("past the day's cap ordinary messages wait for the next day and are sent then; access codes still go out", async () => {
    vi.stubEnv('MAIL_DAILY_LIMIT', '3');
    const addresses = Array.from({ length: 5 }, (_, index) => uniqueAddress(`famiglia${index}`));
    const ids = [];
    for (const address of addresses) ids.push(await enqueue('medical-form', [address]));
    const outcomes = [];
    for (const id of ids) outcomes.push(await deliverMail(db, id, MIDDAY));
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'held', 'held']);
    for (const address of addresses.slice(3)) expect(await testInbox().messagesTo(address)).toEqual([]);
    expect(await mailOf(ids[3]!)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(((await mailOf(ids[3]!))?.next_attempt_at as Timestamp).toDate()).toEqual(nextItalianMidnight(MIDDAY));

    // A parent asking for a code past the cap still gets it.
    const parent = uniqueAddress('genitore');
    expect(await deliverMail(db, await enqueue('access-code', [parent]), MIDDAY)).toBe('sent');
    expect(await testInbox().messagesTo(parent)).toHaveLength(1);

    // One entry for the admin, however many are held.
    expect(await deliverMail(db, await enqueue('medical-form', [uniqueAddress('altra')]), MIDDAY)).toBe('held');
    const entries = await budgetEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: { uid: 'system', email: 'sistema' }, after: { cap: 'total', limit: 3 } });
    expect(String(entries[0]?.summary)).toBe(
      `Raggiunto il limite di 3 e-mail al giorno: i codici di accesso partono comunque, gli altri messaggi partiranno dal ${italianDateTime(nextItalianMidnight(MIDDAY))}.`,
    );

    // Still waiting later today; the next day the scheduled sender sends them.
    expect(await deliverDue(db, new Date(MIDDAY.getTime() + 60 * 60_000))).toMatchObject({ sent: 0, held: 0 });
    expect(await deliverDue(db, TOMORROW)).toMatchObject({ sent: 3, held: 0 });
    for (const address of addresses) expect(await testInbox().messagesTo(address)).toHaveLength(1);
  });

  it("past an address's cap its ordinary messages wait, its codes do not, and the entry names it", async () => {
    vi.stubEnv('MAIL_RECIPIENT_DAILY_LIMIT', '2');
    const address = uniqueAddress('tante');
    const outcomes = [];
    for (let index = 0; index < 3; index += 1) outcomes.push(await deliverMail(db, await enqueue('medical-form', [address]), MIDDAY));
    expect(outcomes).toEqual(['sent', 'sent', 'held']);
    expect(await deliverMail(db, await enqueue('access-code', [address]), MIDDAY)).toBe('sent');
    // Another address is not held.
    expect(await deliverMail(db, await enqueue('medical-form', [uniqueAddress('altra')]), MIDDAY)).toBe('sent');
    const entries = await budgetEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ after: { cap: 'recipient', limit: 2, recipient: address } });
    expect(String(entries[0]?.summary)).toContain(address);
  });

  it('the scheduled sender sends access e-mails before a backlog of older messages', async () => {
    for (let index = 0; index < 3; index += 1)
      await enqueue('medical-form', [uniqueAddress('arretrato')], new Date(MIDDAY.getTime() - 60_000));
    const parent = uniqueAddress('codice');
    await enqueue('access-code', [parent]);
    expect(await deliverDue(db, MIDDAY, 1)).toMatchObject({ sent: 1 });
    expect(await testInbox().messagesTo(parent)).toHaveLength(1);
  });

  it('a message held for a day is not given up at its first failed attempt the day after', async () => {
    vi.stubEnv('MAIL_DAILY_LIMIT', '1');
    const yesterday = new Date(MIDDAY.getTime() - 24 * 60 * 60_000);
    expect(await deliverMail(db, await enqueue('medical-form', [uniqueAddress('prima')], yesterday), yesterday)).toBe('sent');
    const held = await enqueue('medical-form', [uniqueAddress('rimandata')], yesterday);
    expect(await deliverMail(db, held, yesterday)).toBe('held');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:9');
    expect(await deliverMail(db, held, MIDDAY)).toBe('retry');
    expect(await mailOf(held)).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('ten messages sent at the same moment are each counted once', async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, (_, index) => enqueue('medical-form', [uniqueAddress(`insieme${index}`)])));
    expect(await Promise.all(ids.map((id) => deliverMail(db, id, MIDDAY)))).toEqual(Array(10).fill('sent'));
    expect((await db.collection('mail_budget').doc(italianDay(MIDDAY)).get()).data()).toMatchObject({ day: italianDay(MIDDAY), total: 10 });
  });

  it('reads its caps from the environment: 800 a day and 10 per address by default', () => {
    expect(mailBudgetLimits({})).toEqual({ perDay: 800, perRecipient: 10 });
    expect(mailBudgetLimits({ MAIL_DAILY_LIMIT: '300', MAIL_RECIPIENT_DAILY_LIMIT: 'tanti' })).toEqual({ perDay: 300, perRecipient: 10 });
  });
});

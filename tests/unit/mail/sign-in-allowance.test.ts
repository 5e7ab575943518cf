import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInMailLimits } from '../../../netlify/lib/platform/mail/sign-in-allowance';
import { enqueueMail, type OutgoingMail } from '../../../netlify/lib/platform/mail/outbox';
import { deliverDue, deliverMail } from '../../../netlify/lib/mail-delivery';
import type { MailKind } from '@domain/mail-schema';
import { italianDay, italianMidnight } from '@domain/italian-time';
import { testInbox } from '../../support/mail-inbox';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';

/**
 * The sign-in allowance and the expiry of short-lived messages
 * (docs/security.md, "The mail budget"): codes, links, lock notices,
 * signing and e-mail-change codes never spend the ordinary day; they have
 * their own caps per address and for the portal, past which they are
 * dropped; anything with an expiry that passed before it could go is
 * dropped, never sent late.
 */

const PROJECT = 'demo-sign-in-allowance';
let db: Firestore;
const MIDDAY = new Date(italianMidnight(italianDay(new Date())).getTime() + 12 * 60 * 60_000);
const MINUTE = 60_000;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
});
afterEach(() => vi.unstubAllEnvs());

const uniqueAddress = (name: string) => `${name}+${randomUUID().slice(0, 8)}@example.com`;

async function enqueue(kind: MailKind, to: string[], at = MIDDAY, extra: Partial<OutgoingMail> = {}): Promise<string> {
  const batch = db.batch();
  const content = { subject: `Prova ${kind}`, text: 'codice 123456', html: '<p>codice 123456</p>' };
  const id = enqueueMail(db, batch, { kind, to, content, familyId: null, ...extra }, at);
  await batch.commit();
  return id ?? '';
}

const mailOf = async (id: string) => (await db.collection('mail').doc(id).get()).data();
const budgetEntries = async () =>
  (await db.collection('audit_log').where('action', '==', 'mail.budget').get()).docs.map((snapshot) => snapshot.data());

describe('the sign-in allowance', () => {
  it('sign-in e-mails do not spend the ordinary day: after a dozen of them two ordinary messages still go with a cap of two', async () => {
    vi.stubEnv('MAIL_DAILY_LIMIT', '2');
    const kinds: MailKind[] = ['access-code', 'access-link', 'access-locked', 'signature-code', 'email-change-code'];
    const ids = await Promise.all(Array.from({ length: 12 }, (_, index) => enqueue(kinds[index % 5]!, [uniqueAddress(`c${index}`)])));
    for (const id of ids) expect(await deliverMail(db, id, MIDDAY)).toBe('sent');
    const family = uniqueAddress('famiglia');
    const ordinary = [await enqueue('bank-transfer-order', [family]), await enqueue('receipt', [family])];
    expect([await deliverMail(db, ordinary[0]!, MIDDAY), await deliverMail(db, ordinary[1]!, MIDDAY)]).toEqual(['sent', 'sent']);
    expect(await testInbox().messagesTo(family)).toHaveLength(2);
    expect(await deliverMail(db, await enqueue('receipt', [uniqueAddress('terza')]), MIDDAY)).toBe('held');
    expect((await db.collection('mail_budget').doc(italianDay(MIDDAY)).get()).data()).toMatchObject({ total: 2, sign_in_total: 12 });
  });

  it('past the per-address cap the next sign-in e-mail to that address is dropped, with one entry naming it; others still go', async () => {
    vi.stubEnv('SIGN_IN_MAIL_RECIPIENT_DAILY_LIMIT', '3');
    const parent = uniqueAddress('bersaglio');
    const outcomes = [];
    for (let index = 0; index < 5; index += 1) outcomes.push(await deliverMail(db, await enqueue('access-code', [parent]), MIDDAY));
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'dropped', 'dropped']);
    expect(await testInbox().messagesTo(parent)).toHaveLength(3);
    expect(await deliverMail(db, await enqueue('access-code', [uniqueAddress('altro')]), MIDDAY)).toBe('sent');
    // An ordinary message to the same address is not stopped by the sign-in allowance.
    expect(await deliverMail(db, await enqueue('receipt', [parent]), MIDDAY)).toBe('sent');
    const entries = await budgetEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ after: { cap: 'sign-in-recipient', limit: 3, recipient: parent } });
  });

  it('a dropped message is marked so, its secret emptied, and never sent later', async () => {
    vi.stubEnv('SIGN_IN_MAIL_DAILY_LIMIT', '1');
    expect(await deliverMail(db, await enqueue('access-code', [uniqueAddress('primo')]), MIDDAY)).toBe('sent');
    const late = uniqueAddress('secondo');
    const id = await enqueue('signature-code', [late]);
    expect(await deliverMail(db, id, MIDDAY)).toBe('dropped');
    expect(await mailOf(id)).toMatchObject({ status: 'dropped', text: '', html: '', last_error: expect.stringContaining('1 a day') });
    expect(await deliverDue(db, new Date(MIDDAY.getTime() + 24 * 60 * MINUTE))).toMatchObject({ sent: 0 });
    expect(await testInbox().messagesTo(late)).toEqual([]);
    expect((await budgetEntries())[0]).toMatchObject({ after: { cap: 'sign-in-total', limit: 1 } });
  });

  it('ten sign-in e-mails claimed at the same moment with a cap of four: exactly four go', async () => {
    vi.stubEnv('SIGN_IN_MAIL_DAILY_LIMIT', '4');
    const ids = await Promise.all(Array.from({ length: 10 }, (_, index) => enqueue('access-code', [uniqueAddress(`insieme${index}`)])));
    const outcomes = await Promise.all(ids.map((id) => deliverMail(db, id, MIDDAY)));
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(4);
    expect(outcomes.filter((outcome) => outcome === 'dropped')).toHaveLength(6);
    expect((await db.collection('mail_budget').doc(italianDay(MIDDAY)).get()).data()).toMatchObject({ sign_in_total: 4 });
  });

  it('reads its caps from the environment: 400 a day and 10 per address by default', () => {
    expect(signInMailLimits({})).toEqual({ perDay: 400, perRecipient: 10 });
    expect(signInMailLimits({ SIGN_IN_MAIL_DAILY_LIMIT: '50', SIGN_IN_MAIL_RECIPIENT_DAILY_LIMIT: 'x' })).toEqual({
      perDay: 50,
      perRecipient: 10,
    });
  });
});

describe('a message past its expiry', () => {
  it('an access code not sent within its ten minutes is dropped, not sent late; one still valid goes', async () => {
    const parent = uniqueAddress('scaduto');
    const id = await enqueue('access-code', [parent]);
    expect(await deliverMail(db, id, new Date(MIDDAY.getTime() + 11 * MINUTE))).toBe('dropped');
    expect(await mailOf(id)).toMatchObject({ status: 'dropped', last_error: 'expired before it could be sent', text: '' });
    expect(await testInbox().messagesTo(parent)).toEqual([]);
    expect(await deliverMail(db, await enqueue('access-code', [parent]), new Date(MIDDAY.getTime() + 9 * MINUTE))).toBe('sent');
  });

  it('a waiting-list offer held by the budget past its deadline is dropped the next day; one still open is sent', async () => {
    vi.stubEnv('MAIL_DAILY_LIMIT', '1');
    expect(await deliverMail(db, await enqueue('receipt', [uniqueAddress('primo')]), MIDDAY)).toBe('sent');
    const [gone, open] = [uniqueAddress('offerta-scaduta'), uniqueAddress('offerta-aperta')];
    const soon = await enqueue('event-offer', [gone], MIDDAY, { expiresAt: new Date(MIDDAY.getTime() + 6 * 60 * MINUTE) });
    const later = await enqueue('event-offer', [open], MIDDAY, { expiresAt: new Date(MIDDAY.getTime() + 48 * 60 * MINUTE) });
    expect([await deliverMail(db, soon, MIDDAY), await deliverMail(db, later, MIDDAY)]).toEqual(['held', 'held']);
    vi.stubEnv('MAIL_DAILY_LIMIT', '800');
    expect(await deliverDue(db, new Date(MIDDAY.getTime() + 13 * 60 * MINUTE))).toMatchObject({ sent: 1, dropped: 1 });
    expect(await testInbox().messagesTo(gone)).toEqual([]);
    expect(await testInbox().messagesTo(open)).toHaveLength(1);
    expect(await mailOf(soon)).toMatchObject({ status: 'dropped' });
  });
});

import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminSeasonSettings from '../../../netlify/functions/admin-season-settings';
import { fulfilPayment } from '../../../netlify/lib/fulfil-payment';
import { forgetSeasonSettings, readSeasonSettings } from '../../../netlify/lib/season-settings';
import { SEASON } from '../../../src/config/season';
import { startTestAuth, type TestAuth } from '../../support/auth-emulator';
import { functionContext } from '../../support/function-context';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';

/**
 * 'Impostazioni stagione' (docs/admin.md): the treasurer switches the card
 * fee off; the change is audited once, the functions price with it, and a
 * card payment made without the fee is recorded Confermato with a receipt
 * that has no fee line.
 */

const PROJECT = 'demo-season-settings';
let db: Firestore;
let auth: TestAuth;
let treasurer: string;
let parent: string;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
  auth = await startTestAuth(PROJECT);
  treasurer = await auth.account('tesoriere@example.com', { admin: true });
  parent = await auth.account('genitore@example.com');
}, 120_000);
afterAll(() => auth.stop(), 30_000);
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  forgetSeasonSettings();
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

async function call(body: unknown, token?: string) {
  const response = await adminSeasonSettings(
    new Request('http://localhost/.netlify/functions/admin-season-settings', {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: JSON.stringify(body),
    }),
    functionContext(),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const auditEntries = async () =>
  (await db.collection('audit_log').where('action', '==', 'settings.update').get()).docs.map((doc) => doc.data());

describe('admin-season-settings', () => {
  it("reads the spec's defaults for a season nobody has set: the card fee on", async () => {
    expect(await call({ action: 'read' }, treasurer)).toEqual({
      status: 200,
      body: { season: SEASON.campYear, cardFee: true, updatedBy: null, updatedAt: null },
    });
  });

  it('switches the card fee off once, audited; the same value again writes nothing', async () => {
    const off = await call({ action: 'update', cardFee: false }, treasurer);
    expect(off).toMatchObject({ status: 200, body: { cardFee: false, updatedBy: 'tesoriere@example.com' } });
    expect(await call({ action: 'update', cardFee: false }, treasurer)).toMatchObject({ status: 200, body: { cardFee: false } });
    const entries = await auditEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ before: { card_fee: true }, after: { card_fee: false } });
    expect(await readSeasonSettings(db, SEASON.campYear)).toEqual({ cardFee: false });
  });

  it('refuses a browser without an admin token, and a malformed change', async () => {
    expect((await call({ action: 'read' })).status).toBe(401);
    expect((await call({ action: 'update', cardFee: false }, parent)).status).toBe(403);
    expect(await call({ action: 'update', cardFee: 'no' }, treasurer)).toMatchObject({ status: 400 });
    expect(await auditEntries()).toEqual([]);
  });

  it('a card payment made without the fee is recorded Confermato, its receipt without a fee', async () => {
    const recorded = await fulfilPayment(
      db,
      {
        id: 'pi_no_fee',
        status: 'succeeded',
        amount_received: 25000,
        currency: 'eur',
        metadata: {
          family_id: 'family-rossi',
          parent_id: 'parent-rossi-mario',
          product: 'campo-acconto',
          children: 'son-rossi-marco,son-rossi-giulia',
          card_fee: '0',
        },
      },
      'test',
      { siteUrl: 'http://localhost' },
    );
    expect(recorded.order).toMatchObject({ status: 'Confermato', totalEuros: 250 });
    const payment = (await db.collection('payments').where('order_id', '==', 'pi_no_fee').get()).docs[0]?.data();
    expect(payment?.receipt).toMatchObject({ service_fee: 0 });
  });
});

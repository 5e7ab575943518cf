import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminConfirmTransfer from '../../../netlify/functions/admin-confirm-transfer';
import { DEMO_ORDERS } from '../../../emulators/seed/demo-data';
import { startTestAuth, type TestAuth } from '../../support/auth-emulator';
import { browserRequest, functionContext } from '../../support/function-context';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';

/**
 * admin-confirm-transfer against the Auth and Firestore emulators
 * (docs/admin-orders.md, "Confirming a transfer"): an admin confirms the
 * demo Verdi Bonifico and undoes it; the payment, its history and one
 * audit_log entry are written together, once, even when two admins press
 * at the same moment; anyone else is refused and nothing is written.
 */

const PROJECT = 'demo-admin-confirm-transfer';
const verdiOrder = DEMO_ORDERS.find((order) => order.familyId === 'family-verdi' && order.method === 'Bonifico');
const neriOrder = DEMO_ORDERS.find((order) => order.familyId === 'family-neri' && order.method === 'Online');
const VERDI = `payment-${verdiOrder?.id ?? ''}`;
const NERI = `payment-${neriOrder?.id ?? ''}`;

let db: Firestore;
let auth: TestAuth;
let treasurer: string;
let leader: string;
let parent: string;

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
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

async function call(body: unknown, token?: string) {
  const response = await adminConfirmTransfer(
    browserRequest('http://localhost/.netlify/functions/admin-confirm-transfer', {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: JSON.stringify(body),
    }),
    functionContext(),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const payment = async (id: string) => (await db.collection('payments').doc(id).get()).data() as Record<string, unknown>;
const auditEntries = async () => (await db.collection('audit_log').get()).docs.map((doc) => doc.data());

describe('admin-confirm-transfer', () => {
  it('confirms the Verdi Bonifico with the admin and the server time, in its history and in the audit log', async () => {
    const answer = await call({ paymentId: VERDI, action: 'confirm' }, treasurer);
    expect(answer).toEqual({ status: 200, body: { status: 'Confermato', changed: true } });
    const stored = await payment(VERDI);
    expect(stored).toMatchObject({ status: 'Confermato', confirmed_by: 'tesoriere@example.com' });
    expect(stored.history).toEqual([expect.objectContaining({ action: 'payment.confirm', by: 'tesoriere@example.com' })]);
    const entries = await auditEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'payment.confirm',
      actor: { email: 'tesoriere@example.com' },
      target: { collection: 'payments', id: VERDI },
      before: { status: 'Da Verificare', confirmed_by: null },
      after: { status: 'Confermato', confirmed_by: 'tesoriere@example.com' },
    });
    expect(entries[0]?.summary).toBe('Bonifico confermato: famiglia Verdi, 30,00 €');
  });

  it('undoes it: Da Verificare again, the stamp cleared, both steps kept in the history', async () => {
    await call({ paymentId: VERDI, action: 'confirm' }, treasurer);
    const answer = await call({ paymentId: VERDI, action: 'unconfirm' }, leader);
    expect(answer.body).toEqual({ status: 'Da Verificare', changed: true });
    const stored = await payment(VERDI);
    expect(stored).toMatchObject({ status: 'Da Verificare', confirmed_at: null, confirmed_by: null });
    expect((stored.history as Array<{ action: string; by: string }>).map((step) => [step.action, step.by])).toEqual([
      ['payment.confirm', 'tesoriere@example.com'],
      ['payment.unconfirm', 'capo@example.com'],
    ]);
    expect((await auditEntries()).map((entry) => entry.action).sort()).toEqual(['payment.confirm', 'payment.unconfirm']);
  });

  it('two admins confirming at the same moment: one changes it, the payment and the audit log are written once', async () => {
    const answers = await Promise.all([
      call({ paymentId: VERDI, action: 'confirm' }, treasurer),
      call({ paymentId: VERDI, action: 'confirm' }, leader),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.changed).sort()).toEqual([false, true]);
    expect((await payment(VERDI)).history).toHaveLength(1);
    expect(await auditEntries()).toHaveLength(1);
  });

  it('refuses a card payment, an unknown payment and a malformed body, writing nothing', async () => {
    expect(await call({ paymentId: NERI, action: 'unconfirm' }, treasurer)).toEqual({
      status: 409,
      body: { error: 'Solo un bonifico si conferma a mano.' },
    });
    expect((await call({ paymentId: 'payment-nobody', action: 'confirm' }, treasurer)).status).toBe(404);
    expect((await call({ paymentId: VERDI, action: 'approve' }, treasurer)).status).toBe(400);
    expect((await payment(NERI)).status).toBe('Confermato');
    expect(await auditEntries()).toEqual([]);
  });

  it('refuses no token (401) and an account without the admin claim (403), writing nothing', async () => {
    expect(await call({ paymentId: VERDI, action: 'confirm' })).toEqual({ status: 401, body: { error: 'Accesso admin richiesto.' } });
    expect(await call({ paymentId: VERDI, action: 'confirm' }, parent)).toEqual({
      status: 403,
      body: { error: 'Questo account non è un amministratore.' },
    });
    expect((await payment(VERDI)).status).toBe('Da Verificare');
    expect(await auditEntries()).toEqual([]);
  });
});

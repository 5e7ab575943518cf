import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFirestoreEmulator, type RunningFirestoreEmulator } from '../../../emulators/firestore/server';
import { PLAN } from '../../../src/domain/plans';
import type { OrderLine } from '../../../src/domain/order';

// The visitor session needs the Auth emulator; the database writes under test do not.
vi.mock('../../../src/lib/session', () => ({ ensureSession: async () => ({}) }));

let emulator: RunningFirestoreEmulator;
let lib: {
  saveOrder: typeof import('../../../src/lib/db/orders').saveOrder;
  db: import('firebase/firestore/lite').Firestore;
  sdk: typeof import('firebase/firestore/lite');
};

const lines: OrderLine[] = [
  { plan: PLAN.campAcconto, note: '', priceEuros: 100, son: { id: 'son-rossi-marco', name: 'Marco', surname: 'Rossi' } },
  { plan: PLAN.campAcconto, note: '', priceEuros: 150, son: { id: 'son-rossi-giulia', name: 'Giulia', surname: 'Rossi' } },
];

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0 });
  vi.stubEnv('VITE_FIREBASE_API_KEY', 'demo-api-key');
  vi.stubEnv('VITE_FIREBASE_PROJECT_ID', 'demo-save-order');
  vi.stubEnv('VITE_FIRESTORE_EMULATOR_HOST', `127.0.0.1:${emulator.port}`);
  const { saveOrder } = await import('../../../src/lib/db/orders');
  const { getFirebase } = await import('../../../src/lib/firebase');
  const sdk = await import('firebase/firestore/lite');
  sdk.setLogLevel('silent');
  lib = { saveOrder, db: getFirebase().db, sdk };
  await sdk.setDoc(sdk.doc(lib.db, 'families', 'family-rossi'), { id: 'family-rossi', surname: 'Rossi', orders_id: [] });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await emulator.close();
});

const count = async (name: string) => (await lib.sdk.getDocs(lib.sdk.collection(lib.db, name))).size;

describe('saveOrder against the Firestore emulator', () => {
  it('writes items, payment, order and the family link in one go', async () => {
    const saved = await lib.saveOrder({ familyId: 'family-rossi', method: 'Bonifico', lines });
    expect(saved).toMatchObject({ totalAmountEuros: 250, alreadySaved: false });
    const order = await lib.sdk.getDoc(lib.sdk.doc(lib.db, 'orders', saved.orderId));
    expect(order.get('order_items')).toHaveLength(2);
    const payment = await lib.sdk.getDoc(lib.sdk.doc(lib.db, 'payments', order.get('payment_id') as string));
    expect(payment.data()).toMatchObject({ method: 'Bonifico', status: 'Da Verificare', total_amount: 250 });
    const family = await lib.sdk.getDoc(lib.sdk.doc(lib.db, 'families', 'family-rossi'));
    expect(family.get('orders_id')).toEqual([saved.orderId]);
    expect(family.get('updated_at')).toBeInstanceOf(lib.sdk.Timestamp);
  });

  it('writes an Online order once per PaymentIntent id', async () => {
    const first = await lib.saveOrder({ familyId: 'family-rossi', method: 'Online', lines, orderId: 'pi_test_1' });
    const again = await lib.saveOrder({ familyId: 'family-rossi', method: 'Online', lines, orderId: 'pi_test_1' });
    expect([first.alreadySaved, again.alreadySaved]).toEqual([false, true]);
    expect(await count('orders')).toBe(2);
    expect(await count('order_items')).toBe(4);
    expect(await count('payments')).toBe(2);
  });

  it('leaves nothing half-written when the family does not exist', async () => {
    const before = await Promise.all(['orders', 'order_items', 'payments'].map(count));
    await expect(lib.saveOrder({ familyId: 'family-missing', method: 'Bonifico', lines })).rejects.toMatchObject({ code: 'not-found' });
    expect(await Promise.all(['orders', 'order_items', 'payments'].map(count))).toEqual(before);
  });
});

import type { Firestore } from 'firebase-admin/firestore';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fulfilPayment } from '../../../netlify/lib/payments/fulfil-payment';
import { onlineTotal } from '@domain/payments/service-fee';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { succeededPaymentIntent } from '../../support/paid-intent';

/**
 * The Saldo's sibling ladder across orders (docs/product.md, "Prices"): a
 * card payment is priced again when Stripe reports it, counting the
 * siblings who already hold the Saldo from earlier orders, so the second
 * child's 155 € is what the family was charged and the order is Confermato.
 */

const PROJECT = 'demo-sibling-rank';
let db: Firestore;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

const saldo = (id: string, childId: string, euros: number) =>
  succeededPaymentIntent(id, onlineTotal(euros).totalCents, {
    family_id: 'family-rossi',
    parent_id: 'parent-rossi-mario',
    product: 'campo-saldo',
    children: childId,
  });

describe('a Saldo paid by card in two orders', () => {
  it("records Marco's at 180 € and Giulia's, a week later, at 155 €, both Confermato", async () => {
    const context = { siteUrl: 'http://localhost' };
    const marco = await fulfilPayment(db, saldo('pi_saldo_marco', 'son-rossi-marco', 180), 'test', context);
    const giulia = await fulfilPayment(db, saldo('pi_saldo_giulia', 'son-rossi-giulia', 155), 'test', context);
    expect([marco.order.totalEuros, marco.order.status]).toEqual([180, 'Confermato']);
    expect([giulia.order.totalEuros, giulia.order.status]).toEqual([155, 'Confermato']);
  });

  it("charged 180 € for the second child (an old price) is recorded 'Da Verificare' for the treasurer", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const context = { siteUrl: 'http://localhost' };
    await fulfilPayment(db, saldo('pi_saldo_marco_2', 'son-rossi-marco', 180), 'test', context);
    const giulia = await fulfilPayment(db, saldo('pi_saldo_giulia_2', 'son-rossi-giulia', 180), 'test', context);
    expect(giulia.order.status).toBe('Da Verificare');
  });
});

import { randomUUID } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminFamilyReduction from '../../../netlify/functions/admin-family-reduction';
import createPaymentIntent from '../../../netlify/functions/create-payment-intent';
import lookupFamily from '../../../netlify/functions/lookup-family';
import { eurosToCents } from '@domain/money';
import { onlineTotal } from '@domain/payments/service-fee';
import { adminFunctionTestbed } from '../../support/admin-function';
import { onlyEmulatorUnhandled } from '../../support/server-db';
import { browserRequest, functionContext } from '../../support/function-context';
import { sessionHeaders } from '../../support/family-session';

/**
 * 'Riduzione' (docs/admin.md, "Riduzione"): the admin and the treasurer
 * set a family's reduction of a product; the server charges it whatever
 * the browser sends, the parent never sees the reason, and each change is
 * audited once.
 */

const PROJECT = 'demo-family-reduction';
const ROSSI = 'RSSMRA80C12H501E';
const REASON = 'Fondo di solidarietà: situazione comunicata dal capo reparto';
const testbed = adminFunctionTestbed(PROJECT, adminFamilyReduction, 'admin-family-reduction');
const db = () => testbed.db();
const reduce = testbed.call;
const fifty = { action: 'set', familyId: 'family-rossi', product: 'campo-saldo', kind: 'amount', value: 50, reason: REASON };

/** The amounts in cents of the PaymentIntents Stripe was asked to create. */
let amounts: number[] = [];
const stripe = setupServer(
  http.post('https://api.stripe.com/v1/payment_intents', async ({ request }) => {
    amounts.push(Number(new URLSearchParams(await request.text()).get('amount')));
    const id = `pi_reduction_${amounts.length}`;
    return HttpResponse.json({ id, object: 'payment_intent', client_secret: `${id}_secret_abc`, status: 'requires_payment_method' });
  }),
);
beforeAll(() => stripe.listen({ onUnhandledRequest: onlyEmulatorUnhandled }));
afterAll(() => stripe.close());
beforeEach(() => {
  vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_family_reduction_dummy');
  vi.stubEnv('STRIPE_MAX_AMOUNT_CENTS', '');
  amounts = [];
});
afterEach(() => vi.unstubAllEnvs());

const parentCall = async (handler: typeof lookupFamily, name: string, body: unknown) => {
  const response = await handler(
    browserRequest(`http://localhost/.netlify/functions/${name}`, {
      method: 'POST',
      headers: await sessionHeaders(body),
      body: JSON.stringify(body),
    }),
    functionContext(),
  );
  return { status: response.status, text: await response.text() };
};
const saldoByCard = (children: string[], extra: Record<string, unknown> = {}) =>
  parentCall(createPaymentIntent, 'create-payment-intent', {
    cf: ROSSI,
    product: 'campo-saldo',
    children: children.map((id) => ({ id })),
    idempotencyKey: randomUUID(),
    ...extra,
  });
const auditEntries = async () =>
  (await db().collection('audit_log').where('target.collection', '==', 'family_reductions').get()).docs.map((doc) => doc.data());

describe('admin-family-reduction', () => {
  it('charges the Rossi Saldo 50 € less by card whatever the browser sends, and never shows the parent the reason', async () => {
    const set = await reduce(fifty);
    expect(set).toMatchObject({
      status: 200,
      body: {
        reductions: [
          {
            product: 'campo-saldo',
            plan: 'Campo Estivo - Saldo',
            kind: 'amount',
            value: 50,
            reason: REASON,
            updatedBy: 'tesoriere@example.com',
          },
        ],
      },
    });

    const marco = await saldoByCard(['son-rossi-marco'], { amountEuros: 180, totalEuros: 183.6, reduction: 0 });
    expect(marco.status).toBe(200);
    expect(JSON.parse(marco.text)).toMatchObject({ amountEuros: 130 });
    expect(amounts).toEqual([eurosToCents((JSON.parse(marco.text) as { totalEuros: number }).totalEuros)]);
    expect([onlineTotal(130, true).totalCents, onlineTotal(130, false).totalCents]).toContain(amounts[0]);
    expect(JSON.parse((await saldoByCard(['son-rossi-marco', 'son-rossi-giulia'])).text)).toMatchObject({ amountEuros: 285 });

    const lookup = await parentCall(lookupFamily, 'lookup-family', { cf: ROSSI });
    expect(JSON.parse(lookup.text).balances).toContainEqual(
      expect.objectContaining({ product: 'campo-saldo', reduction: { kind: 'amount', value: 50 } }),
    );
    expect(lookup.text).not.toContain('solidarietà');
    expect(lookup.text).not.toContain('capo reparto');
  });

  it('audits each change once, with its reason, even when two treasurers send the same at once, and removes it', async () => {
    const answers = await Promise.all([reduce(fifty), reduce(fifty)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await db().collection('family_reductions').get()).size).toBe(1);
    let entries = await auditEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'family.reduction_set',
      summary: `Riduzione impostata: famiglia Rossi, Campo Estivo - Saldo, 50,00 € (${REASON})`,
      before: null,
      after: { kind: 'amount', value: 50, reason: REASON },
    });

    expect(await reduce({ ...fifty, kind: 'percent', value: 10 }, testbed.tokens.admin)).toMatchObject({
      status: 200,
      body: { reductions: [expect.objectContaining({ kind: 'percent', value: 10 })] },
    });
    expect(JSON.parse((await saldoByCard(['son-rossi-marco'])).text)).toMatchObject({ amountEuros: 162 });

    expect(await reduce({ action: 'remove', familyId: 'family-rossi', product: 'campo-saldo' })).toEqual({
      status: 200,
      body: { reductions: [] },
    });
    expect(await reduce({ action: 'remove', familyId: 'family-rossi', product: 'campo-saldo' })).toEqual({
      status: 200,
      body: { reductions: [] },
    });
    entries = await auditEntries();
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'family.reduction_remove',
      'family.reduction_set',
      'family.reduction_set',
    ]);
    expect(JSON.parse((await saldoByCard(['son-rossi-marco'])).text)).toMatchObject({ amountEuros: 180 });
  });

  it('refuses a capo, a parent, an unknown product, a percentage over 100, a missing reason and a family gone, writing nothing', async () => {
    expect((await reduce(fifty, testbed.tokens.leader)).status).toBe(403);
    expect((await reduce(fifty, testbed.tokens.parent)).status).toBe(403);
    expect(await reduce({ ...fifty, product: 'campo-invernale' })).toEqual({
      status: 400,
      body: { error: 'Prodotto non valido: scegli un prodotto della stagione.' },
    });
    expect(await reduce({ ...fifty, kind: 'percent', value: 150 })).toEqual({
      status: 400,
      body: { error: 'Una riduzione in percentuale è al massimo del 100%.' },
    });
    expect((await reduce({ ...fifty, reason: '   ' })).status).toBe(400);
    expect((await reduce({ ...fifty, value: 10.005 })).status).toBe(400);
    expect(await reduce({ ...fifty, familyId: 'family-gone' })).toEqual({
      status: 404,
      body: { error: 'La famiglia non esiste più. Aggiorna la pagina.' },
    });
    expect((await db().collection('family_reductions').get()).size).toBe(0);
    expect(await auditEntries()).toEqual([]);
  });
});

import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import adminCancelOrder from '../../../netlify/functions/admin-cancel-order';
import adminConfirmTransfer from '../../../netlify/functions/admin-confirm-transfer';
import adminRefund from '../../../netlify/functions/admin-refund';
import adminRecordCash from '../../../netlify/functions/admin-record-cash';
import adminStatement from '../../../netlify/functions/admin-statement';
import adminReceipt from '../../../netlify/functions/admin-receipt';
import adminSeasonSettings from '../../../netlify/functions/admin-season-settings';
import receipt from '../../../netlify/functions/receipt';
import adminFamily from '../../../netlify/functions/admin-family';
import adminMedicalForm from '../../../netlify/functions/admin-medical-form';
import adminMedicalFormOpenings from '../../../netlify/functions/admin-medical-form-openings';
import adminDeleteMedicalForms from '../../../netlify/functions/admin-delete-medical-forms';
import adminUsers from '../../../netlify/functions/admin-users';
import adminFamilyData from '../../../netlify/functions/admin-family-data';
import adminRosterImport from '../../../netlify/functions/admin-roster-import';
import adminReminders from '../../../netlify/functions/admin-reminders';
import createOrder from '../../../netlify/functions/create-order';
import createPaymentIntent from '../../../netlify/functions/create-payment-intent';
import getSignature from '../../../netlify/functions/get-signature';
import lookupFamily from '../../../netlify/functions/lookup-family';
import requestAccessCode from '../../../netlify/functions/request-access-code';
import verifyAccessCode from '../../../netlify/functions/verify-access-code';
import verifyAccessLink from '../../../netlify/functions/verify-access-link';
import changeParentEmail from '../../../netlify/functions/change-parent-email';
import adminEmailChange from '../../../netlify/functions/admin-email-change';
import recordMedicalForm from '../../../netlify/functions/record-medical-form';
import recordPayment from '../../../netlify/functions/record-payment';
import stripeWebhook from '../../../netlify/functions/stripe-webhook';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { functionContext, type NetlifyFunction } from '../../support/function-context';
import { demoSessionCookie } from '../../support/family-session';

/**
 * Malformed requests to every function (docs/api.md, "Errors"): each answers
 * 4xx with an Italian `{error}` (or 502/503 when a service is down or not
 * configured), never another 5xx, never a stack, never a secret, and never
 * pollutes Object.prototype.
 */

const PROJECT = 'demo-fuzz';
const SECRETS = {
  STRIPE_SECRET_KEY: 'sk_test_FUZZ_SECRET_KEY_51xyz',
  STRIPE_WEBHOOK_SECRET: 'whsec_FUZZ_WEBHOOK_SECRET',
  CLOUDINARY_CLOUD_NAME: 'demo',
  CLOUDINARY_API_KEY: 'fuzz-api-key',
  CLOUDINARY_API_SECRET: 'FUZZ_CLOUDINARY_SECRET',
};

// Stripe is never reached by a malformed request; if it were, it answers an error.
const stripe = setupServer(
  http.all('https://api.stripe.com/*', () => HttpResponse.json({ error: { type: 'api_error', message: 'fuzz' } }, { status: 500 })),
);

beforeAll(async () => {
  for (const [name, value] of Object.entries(SECRETS)) vi.stubEnv(name, value);
  stripe.listen({ onUnhandledRequest: 'bypass' });
  await resetToDemoData(await useEmulatorDb(PROJECT), PROJECT);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterAll(() => {
  stripe.close();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const UUID = '0b7e8a52-3f5c-4c1e-9a43-1f4f5b6a7c8d';
const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) });

/** Bodies as raw text: not JSON, wrong JSON types, hostile values. */
const BODIES: string[] = [
  '',
  ' ',
  'null',
  'true',
  '0',
  '-1',
  '1e309',
  '"text"',
  '[]',
  '[1,2,3]',
  '{',
  '{"cf":',
  '{}',
  '{"cf":null}',
  '{"cf":12345}',
  '{"cf":["RSSMRA80C12H501E"]}',
  '{"cf":{"$gt":""}}',
  '{"cf":"RSSMRA80C12H501E\\u0000"}',
  '{"cf":"R̸S̸S̸MRA80C12H501E"}',
  '{"cf":"👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦"}',
  '{"cf":"\\u202eE105H21C08ARMSSR"}',
  `{"cf":"${'A'.repeat(10_000)}"}`,
  `{"cf":"${'A'.repeat(20_000)}"}`,
  '{"cf":"../../../etc/passwd"}',
  '{"cf":"RSSMRA80C12H501E","childId":"../../sons/son-verdi-andrea"}',
  '{"cf":"RSSMRA80C12H501E","childId":"son-verdi-andrea"}',
  '{"cf":"RSSMRA80C12H501E","childId":{"__proto__":{"polluted":true}}}',
  '{"__proto__":{"polluted":true},"cf":"RSSMRA80C12H501E"}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"cf":"RSSMRA80C12H501E","product":"campo-acconto","children":"son-rossi-marco","idempotencyKey":"' + UUID + '"}',
  '{"cf":"RSSMRA80C12H501E","product":"campo-acconto","children":[null],"idempotencyKey":"' + UUID + '"}',
  '{"cf":"RSSMRA80C12H501E","product":"campo-acconto","children":[{"id":"../../orders/x"}],"idempotencyKey":"' + UUID + '"}',
  '{"cf":"RSSMRA80C12H501E","product":"campo-acconto","children":[{"id":"son-rossi-marco"}],"idempotencyKey":"not-a-uuid"}',
  '{"cf":"RSSMRA80C12H501E","product":"__proto__","children":[{"id":"son-rossi-marco"}],"idempotencyKey":"' + UUID + '"}',
  '{"cf":"RSSMRA80C12H501E","product":"felpa","children":[{"id":"son-rossi-marco","size":"XXXL"}],"idempotencyKey":"' + UUID + '"}',
  '{"cf":"RSSMRA80C12H501E","product":"campo-acconto","children":[' +
    Array.from({ length: 200 }, () => '{"id":"son-rossi-marco"}').join(',') +
    '],"idempotencyKey":"' +
    UUID +
    '"}',
  JSON.stringify(deep(200)),
  '{"paymentIntentId":""}',
  '{"paymentIntentId":"pi_../../v1/customers"}',
  '{"paymentIntentId":"pi_123?expand[]=customer"}',
  '{"paymentIntentId":12}',
  '{"upload":{"public_id":"../../../etc/passwd","version":"1","signature":"x"}}',
  '{"cf":"RSSMRA80C12H501E","childId":"son-rossi-marco","upload":{"public_id":"Documenti/x","version":-1,"signature":"' +
    'f'.repeat(40) +
    '"}}',
  '{"type":"payment_intent.succeeded","data":{"object":{"id":"pi_fake","metadata":{"family_id":"family-rossi"}}}}',
];

const FUNCTIONS: Record<string, NetlifyFunction> = {
  'lookup-family': lookupFamily,
  'create-order': createOrder,
  'create-payment-intent': createPaymentIntent,
  'stripe-webhook': stripeWebhook,
  'record-payment': recordPayment,
  'get-signature': getSignature,
  'record-medical-form': recordMedicalForm,
  'admin-medical-form': adminMedicalForm,
  'admin-medical-form-openings': adminMedicalFormOpenings,
  'admin-delete-medical-forms': adminDeleteMedicalForms,
  'admin-users': adminUsers,
  'admin-family-data': adminFamilyData,
  'admin-confirm-transfer': adminConfirmTransfer,
  'admin-cancel-order': adminCancelOrder,
  'admin-refund': adminRefund,
  'admin-record-cash': adminRecordCash,
  'admin-statement': adminStatement,
  'admin-receipt': adminReceipt,
  'admin-season-settings': adminSeasonSettings,
  receipt,
  'admin-family': adminFamily,
  'admin-email-change': adminEmailChange,
  'admin-roster-import': adminRosterImport,
  'admin-reminders': adminReminders,
  'request-access-code': requestAccessCode,
  'verify-access-code': verifyAccessCode,
  'verify-access-link': verifyAccessLink,
  // family-contacts and confirm-family-contacts take `{}` (and ignore extra fields): most fuzz bodies are valid requests to them.
  'change-parent-email': changeParentEmail,
};

const ITALIAN =
  /\b(non|richiest|accesso|codice|inserisci|figli|taglia|prodotto|chiave|metodo|firma|servizio|pagamento|consentit|troppo|seleziona|valid|caricamento|scheda|errore|riprova)/i;
const STACK = /\bat \S+ \(|\bat \S+:\d+:\d+|node_modules|\.ts:\d+/;

/** Every request a fuzz case makes: each body by POST, and the other methods. */
function requests(name: string): Array<{ label: string; request: () => Request }> {
  const url = `http://localhost/.netlify/functions/${name}`;
  return [
    ...BODIES.map((body, index) => ({
      label: `body #${index} ${body.slice(0, 40)}`,
      request: () =>
        new Request(url, {
          method: 'POST',
          body,
          // A Rossi session: the parent functions are fuzzed past their session check.
          headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad', cookie: rossiSession },
        }),
    })),
    ...['GET', 'PUT', 'DELETE', 'PATCH'].map((method) => ({
      label: method,
      request: () => new Request(url, { method, ...(method === 'GET' ? {} : { body: '{}' }) }),
    })),
    {
      label: 'body of 1 MB',
      // Declared JSON, so the size limit (413) answers, not the content-type check (415).
      request: () =>
        new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"cf":"${'x'.repeat(1_000_000)}"}` }),
    },
  ];
}

/**
 * A fuzz body can still be a valid request: lookup-family (or
 * request-access-code, with the Rossi session) with a real code and extra
 * fields answers 200, and must (extra fields are ignored). Those are
 * checked to be the family's answer (or 'session') and nothing else.
 */
function isValidLookup(name: string, body: string): boolean {
  if (name !== 'lookup-family' && name !== 'request-access-code') return false;
  try {
    const cf = (JSON.parse(body) as { cf?: unknown }).cf;
    return typeof cf === 'string' && cf.replace(/\s+/g, '').toUpperCase() === 'RSSMRA80C12H501E';
  } catch {
    return false;
  }
}

const figures: Record<string, Record<number, number>> = {};
let rossiSession = '';
beforeAll(async () => {
  rossiSession = await demoSessionCookie('RSSMRA80C12H501E');
});

describe.each(Object.entries(FUNCTIONS))('%s under malformed requests', (name, handler) => {
  const cases = requests(name);
  const bodyOf = (label: string) => BODIES[Number(/^body #(\d+)/.exec(label)?.[1] ?? -1)] ?? '';

  it(`answers all ${cases.length} with 4xx (or 502/503) and an Italian {error}, no stack, no secret`, async () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    const tally: Record<number, number> = {};
    for (const { label, request } of cases) {
      const response = await handler(request(), functionContext());
      tally[response.status] = (tally[response.status] ?? 0) + 1;
      const text = await response.text();
      const context = `${name} ${label} -> ${response.status} ${text.slice(0, 200)}`;
      if (response.status === 200 && isValidLookup(name, bodyOf(label))) {
        expect(JSON.parse(text) as object, context).toEqual(
          name === 'lookup-family'
            ? {
                family: expect.anything(),
                children: expect.anything(),
                receipts: expect.anything(),
                catalogue: expect.anything(),
                balances: expect.anything(),
              }
            : { status: 'session' },
        );
        continue;
      }
      expect((response.status >= 400 && response.status < 500) || response.status === 502 || response.status === 503, context).toBe(true);
      const body = JSON.parse(text) as { error?: unknown };
      expect(typeof body.error, context).toBe('string');
      expect(body.error, context).toMatch(ITALIAN);
      expect(text, context).not.toMatch(STACK);
      for (const secret of Object.values(SECRETS).filter((value) => value.length > 10)) expect(text, context).not.toContain(secret);
      expect(({} as Record<string, unknown>).polluted, context).toBeUndefined();
    }
    figures[name] = tally;
  });
});

afterAll(() => {
  // The closing note quotes these figures.
  console.info('fuzz figures (status: count) per function:', JSON.stringify(figures));
});

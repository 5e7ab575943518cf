import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminCancelOrder from '../../../netlify/functions/admin-cancel-order';
import adminConfirmTransfer from '../../../netlify/functions/admin-confirm-transfer';
import adminDeleteMedicalForms from '../../../netlify/functions/admin-delete-medical-forms';
import adminFamilyData from '../../../netlify/functions/admin-family-data';
import adminFamily from '../../../netlify/functions/admin-family';
import adminMedicalForm from '../../../netlify/functions/admin-medical-form';
import adminMedicalFormOpenings from '../../../netlify/functions/admin-medical-form-openings';
import adminReceipt from '../../../netlify/functions/admin-receipt';
import adminRecordCash from '../../../netlify/functions/admin-record-cash';
import adminRefund from '../../../netlify/functions/admin-refund';
import adminReminders from '../../../netlify/functions/admin-reminders';
import adminRosterImport from '../../../netlify/functions/admin-roster-import';
import adminSeasonSettings from '../../../netlify/functions/admin-season-settings';
import adminStatement from '../../../netlify/functions/admin-statement';
import adminUsers from '../../../netlify/functions/admin-users';
import { ADMIN_AUTH_MESSAGES } from '../../../netlify/lib/platform/admin-auth';
import { startTestAuth, type TestAuth } from '../../support/auth-emulator';
import { browserRequest, functionContext, type NetlifyFunction } from '../../support/function-context';
import { useEmulatorDb } from '../../support/server-db';

/**
 * Every admin function checks the caller's role before it reads the body
 * (src/domain/staff/staff-roles.ts): a role that may not use it gets 403 and
 * nothing else, whatever it sends; so does any role of an account whose
 * e-mail is not verified (docs/security.md, "Roles").
 */

const PROJECT = 'demo-staff-roles';
let auth: TestAuth;
const tokens = { leader: '', treasurer: '', unverifiedAdmin: '' };

beforeAll(async () => {
  await useEmulatorDb(PROJECT);
  auth = await startTestAuth(PROJECT);
  tokens.leader = await auth.account('capo.reparto@example.com', { role: 'capo', branches: ['Reparto'] });
  tokens.treasurer = await auth.account('tesoriere@example.com', { role: 'tesoriere' });
  // A role on an account nobody proved the e-mail of (given before roles needed it, or by hand in the console).
  tokens.unverifiedAdmin = await auth.account('admin.non.confermato@example.com', { role: 'admin' }, { verified: false });
}, 120_000);
afterAll(() => auth.stop(), 30_000);

const FORBIDDEN = { error: 'Il tuo ruolo non permette questa operazione.' };

async function call(handler: NetlifyFunction, token: string) {
  const response = await handler(
    browserRequest('http://localhost/.netlify/functions/x', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ paymentId: 'payment-order-verdi-magliette', familyId: 'family-verdi' }),
    }),
    functionContext(),
  );
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('roles in the admin functions', () => {
  const paymentsAndRoster = {
    'admin-cancel-order': adminCancelOrder,
    'admin-confirm-transfer': adminConfirmTransfer,
    'admin-family': adminFamily,
    'admin-receipt': adminReceipt,
    'admin-record-cash': adminRecordCash,
    'admin-refund': adminRefund,
    'admin-reminders': adminReminders,
    'admin-roster-import': adminRosterImport,
    'admin-season-settings': adminSeasonSettings,
    'admin-statement': adminStatement,
  };

  for (const [name, handler] of Object.entries(paymentsAndRoster)) {
    it(`a capo gets 403 from ${name}`, async () => {
      expect(await call(handler, tokens.leader)).toEqual({ status: 403, body: FORBIDDEN });
    });
  }

  it('the treasurer gets 403 from admin-medical-form', async () => {
    expect(await call(adminMedicalForm, tokens.treasurer)).toEqual({ status: 403, body: FORBIDDEN });
  });

  const everyFunction = {
    ...paymentsAndRoster,
    'admin-delete-medical-forms': adminDeleteMedicalForms,
    'admin-family-data': adminFamilyData,
    'admin-medical-form': adminMedicalForm,
    'admin-medical-form-openings': adminMedicalFormOpenings,
    'admin-users': adminUsers,
  };
  for (const [name, handler] of Object.entries(everyFunction)) {
    it(`an admin whose e-mail is not verified gets 403 from ${name}, told what to do`, async () => {
      expect(await call(handler, tokens.unverifiedAdmin)).toEqual({ status: 403, body: { error: ADMIN_AUTH_MESSAGES.emailNotVerified } });
    });
  }
});

import { describe, expect, it } from 'vitest';
import adminUsers from '../../../netlify/functions/admin-users';
import { adminFunctionTestbed } from '../../support/admin-function';

/** 'Utenti' (docs/security.md, "Roles"): an admin lists the accounts and gives each its role, audited. */

const PROJECT = 'demo-admin-users';
const testbed = adminFunctionTestbed(PROJECT, adminUsers, 'admin-users');
const asAdmin = (body: unknown) => testbed.call(body, testbed.tokens.admin);

describe('admin-users', () => {
  it('lists the accounts with their roles', async () => {
    const { status, body } = await asAdmin({ action: 'list' });
    expect(status).toBe(200);
    expect((body.accounts as { email: string; staff: unknown }[]).map(({ email, staff }) => [email, staff])).toEqual([
      ['admin@example.com', { role: 'admin' }],
      ['capo@example.com', { role: 'capo', branches: ['Reparto'] }],
      ['genitore@example.com', null],
      ['tesoriere@example.com', { role: 'tesoriere' }],
    ]);
  });

  it('makes an account a capo of Branco and Clan, in the token it gets next and in the audit log', async () => {
    const granted = await asAdmin({
      action: 'grant',
      email: 'Genitore@example.com',
      staff: { role: 'capo', branches: ['Clan', 'Branco'] },
    });
    expect(granted).toMatchObject({
      status: 200,
      body: { account: { email: 'genitore@example.com', staff: { role: 'capo', branches: ['Branco', 'Clan'] } } },
    });
    const audit = await testbed.db().collection('audit_log').where('action', '==', 'staff.grant').get();
    expect(audit.docs.map((entry) => [entry.get('actor.email'), entry.get('summary')])).toEqual([
      ['admin@example.com', 'Ruolo di genitore@example.com: da nessun ruolo a Capo (Branco, Clan)'],
    ]);
    const revoked = await asAdmin({ action: 'grant', email: 'genitore@example.com', staff: null });
    expect(revoked).toMatchObject({ status: 200, body: { account: { staff: null } } });
  });

  it('refuses an unknown account (404), a capo without branches (400), an admin removing their own role (409)', async () => {
    expect(await asAdmin({ action: 'grant', email: 'nessuno@example.com', staff: { role: 'tesoriere' } })).toEqual({
      status: 404,
      body: { error: 'Nessun account con l’e-mail nessuno@example.com: crealo prima in Firebase (Authentication > Aggiungi utente).' },
    });
    expect((await asAdmin({ action: 'grant', email: 'capo@example.com', staff: { role: 'capo', branches: [] } })).status).toBe(400);
    expect(await asAdmin({ action: 'grant', email: 'admin@example.com', staff: { role: 'tesoriere' } })).toEqual({
      status: 409,
      body: { error: 'Non puoi togliere a te stesso il ruolo di amministratore: chiedilo a un altro amministratore.' },
    });
    expect((await testbed.db().collection('audit_log').where('action', '==', 'staff.grant').get()).size).toBe(0);
  });

  it('answers the treasurer and a capo 403', async () => {
    for (const token of [testbed.tokens.treasurer, testbed.tokens.leader]) {
      expect(await testbed.call({ action: 'list' }, token)).toEqual({
        status: 403,
        body: { error: 'Il tuo ruolo non permette questa operazione.' },
      });
    }
  });
});

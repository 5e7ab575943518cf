import { randomUUID } from 'node:crypto';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import adminUsers from '../../../netlify/functions/admin-users';
import { invitationUid } from '../../../netlify/lib/staff/admin-claims';
import { getAdminApp } from '../../../netlify/lib/platform/firestore';
import { adminFunctionTestbed } from '../../support/admin-function';
import { testInbox } from '../../support/mail-inbox';

/**
 * 'Utenti' (docs/security.md, "Roles"): an admin lists the accounts,
 * invites volunteers (the account made, a link to set the password e-mailed
 * through the outbox, to the run's mail catcher) and changes their roles,
 * audited; a role counts only once the e-mail is verified, and every change
 * revokes the account's sessions. Against the Auth and Firestore emulators.
 */

const PROJECT = 'demo-admin-users';
const testbed = adminFunctionTestbed(PROJECT, adminUsers, 'admin-users');
const asAdmin = (body: unknown) => testbed.call(body, testbed.tokens.admin);
const SUBJECT = "Invito all'area admin del portale";
const SELF_REGISTERED = (email: string) =>
  `L’account ${email} non è stato creato da un invito e la sua e-mail non è confermata: chiunque può averlo registrato, quindi non può avere un ruolo. Eliminalo nella console di Firebase (Authentication > Users) e invitalo di nuovo.`;

/** An address of this test's own: the unit tests share one mail catcher and this file one Auth emulator. */
const fresh = (name: string) => `${name}+${randomUUID().slice(0, 8)}@example.com`;

const auditOf = async (action: string) =>
  (await testbed.db().collection('audit_log').where('action', '==', action).get()).docs.map((entry) => entry.get('summary') as string);

/** The invitation e-mails that reached `address`. */
const invitationsTo = async (address: string) => (await testInbox().messagesTo(address)).filter((mail) => mail.subject === SUBJECT);

/** The link of the newest invitation e-mail to `address`. */
async function invitationLinkTo(address: string): Promise<URL> {
  const message = await testInbox().waitFor((mail) => mail.to.includes(address) && mail.subject === SUBJECT);
  const link = /https?:\/\/\S+\/admin\/imposta-password\?\S+/.exec(message.text)?.[0];
  if (!link) throw new Error(`no link in: ${message.text}`);
  return new URL(link);
}

/**
 * What /admin/imposta-password does with the link (src/features/admin/shell/admin-auth.ts, completeInvitation),
 * through the Auth emulator's REST API: the password set with its code, then a sign-in; resolves the ID token.
 */
async function acceptInvitation(link: URL, email: string, password = 'password-nuova-1'): Promise<string> {
  const response = await fetch(`http://${testbed.auth().host}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode: link.searchParams.get('oobCode'), newPassword: password }),
  });
  if (!response.ok) throw new Error(`reset refused: ${await response.text()}`);
  return testbed.auth().signIn(email, password);
}

/** Firebase revokes the tokens of sign-ins before the revocation's second (`auth_time` and `tokensValidAfterTime` count whole seconds): wait for the next one. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

/** Registers `email` through Firebase Auth's public sign-up, as anyone on the internet can: unverified, a random uid. */
async function selfRegister(email: string): Promise<void> {
  const response = await fetch(`http://${testbed.auth().host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'mallory-pass-1', returnSecureToken: true }),
  });
  expect(response.ok).toBe(true);
}

describe('admin-users', () => {
  it('lists the accounts with their roles and states', async () => {
    const { status, body } = await asAdmin({ action: 'list' });
    expect(status).toBe(200);
    const accounts = body.accounts as { email: string; staff: unknown; state: string }[];
    expect(accounts.filter(({ email }) => !email.includes('+')).map(({ email, staff, state }) => [email, staff, state])).toEqual([
      ['admin@example.com', { role: 'admin' }, 'active'],
      ['capo@example.com', { role: 'capo', branches: ['Reparto'] }, 'active'],
      ['genitore@example.com', null, 'active'],
      ['tesoriere@example.com', { role: 'tesoriere' }, 'active'],
    ]);
  });

  it('invites a new volunteer: the account made, the link e-mailed, the role counting once the password is set', async () => {
    const email = fresh('nuovo.capo');
    const invited = await asAdmin({ action: 'invite', email, staff: { role: 'admin' } });
    expect(invited).toMatchObject({
      status: 200,
      body: { invitation: 'sent', account: { email, staff: { role: 'admin' }, state: 'invited', uid: invitationUid(email) } },
    });
    expect((invited.body.account as { invitationSentAt: string }).invitationSentAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await auditOf('staff.grant')).toEqual([`Ruolo di ${email}: da nessun ruolo a Amministratore`]);
    expect(await auditOf('staff.invite')).toEqual([
      `Invito a ${email} come Amministratore: account creato, link per scegliere la password inviato per e-mail`,
    ]);

    const link = await invitationLinkTo(email);
    const [message] = await invitationsTo(email);
    expect(message?.text).toContain(
      "admin@example.com ti ha invitato nell'area admin del portale del gruppo con il ruolo di Amministratore.",
    );
    expect(link.searchParams.get('verifyCode')).toBeTruthy();
    const token = await acceptInvitation(link, email);
    expect((await getAuth(getAdminApp()).verifyIdToken(token)).email_verified).toBe(true);
    const list = await testbed.call({ action: 'list' }, token);
    expect(list.status).toBe(200);
    expect((list.body.accounts as { email: string; state: string }[]).find((account) => account.email === email)?.state).toBe('active');
    // The link works once.
    await expect(acceptInvitation(link, email, 'altra-password-2')).rejects.toThrow(/INVALID_OOB_CODE/);
  });

  it('gives a verified account its role at once, no e-mail, and revokes its sessions at every change', async () => {
    const email = fresh('tesoriera');
    const oldToken = await testbed.auth().account(email, { role: 'admin' });
    expect((await testbed.call({ action: 'list' }, oldToken)).status).toBe(200);
    await nextSecond();

    const granted = await asAdmin({ action: 'invite', email, staff: { role: 'tesoriere' } });
    expect(granted).toMatchObject({ status: 200, body: { invitation: null, account: { staff: { role: 'tesoriere' }, state: 'active' } } });
    expect(await invitationsTo(email)).toEqual([]);
    // The admin role taken away stops at once: the token of before is revoked.
    expect(await testbed.call({ action: 'list' }, oldToken)).toEqual({ status: 401, body: { error: 'Accesso admin richiesto.' } });
    const newToken = await testbed.auth().signIn(email);
    expect((await getAuth(getAdminApp()).verifyIdToken(newToken, true)).role).toBe('tesoriere');
    const stored = await testbed
      .db()
      .collection('staff_accounts')
      .doc((granted.body.account as { uid: string }).uid)
      .get();
    expect(stored.get('valid_since')).toBeGreaterThan(0);
    expect(stored.get('staff')).toEqual({ role: 'tesoriere' });

    await nextSecond();

    expect(await asAdmin({ action: 'grant', email, staff: null })).toMatchObject({ status: 200, body: { account: { staff: null } } });
    expect(await testbed.call({ action: 'list' }, newToken)).toEqual({ status: 401, body: { error: 'Accesso admin richiesto.' } });
    expect(await auditOf('staff.grant')).toEqual(
      expect.arrayContaining([`Ruolo di ${email}: da Amministratore a Tesoriere`, `Ruolo di ${email}: da Tesoriere a nessun ruolo`]),
    );
  });

  it('refuses a role to an unverified account no invitation made, by invite and grant alike; taking a role away is allowed', async () => {
    const email = fresh('futuro.tesoriere');
    await selfRegister(email);
    for (const action of ['invite', 'grant']) {
      expect(await asAdmin({ action, email, staff: { role: 'tesoriere' } })).toEqual({
        status: 409,
        body: { error: SELF_REGISTERED(email) },
      });
    }
    expect(await asAdmin({ action: 'resend', email })).toEqual({ status: 409, body: { error: SELF_REGISTERED(email) } });
    const listed = (await asAdmin({ action: 'list' })).body.accounts as { email: string; state: string; staff: unknown }[];
    expect(listed.find((account) => account.email === email)).toMatchObject({ state: 'unverified', staff: null });
    expect((await getAuth(getAdminApp()).getUserByEmail(email)).customClaims ?? {}).toEqual({});
    expect(await asAdmin({ action: 'grant', email, staff: null })).toMatchObject({ status: 200 });
    expect(await auditOf('staff.grant')).toEqual([]);
    expect(await auditOf('staff.invite')).toEqual([]);
    expect(await invitationsTo(email)).toEqual([]);
  });

  it('makes one account, one e-mail and one record of two invitations of the same address at once', async () => {
    const email = fresh('doppio.invito');
    const staff = { role: 'capo', branches: ['Branco'] };
    const answers = await Promise.all([asAdmin({ action: 'invite', email, staff }), asAdmin({ action: 'invite', email, staff })]);
    expect(answers.map(({ status }) => status)).toEqual([200, 200]);
    expect(answers.map(({ body }) => body.invitation).sort()).toEqual(['recent', 'sent']);
    const accounts = ((await asAdmin({ action: 'list' })).body.accounts as { email: string; uid: string }[]).filter(
      (account) => account.email === email,
    );
    expect(accounts.map(({ uid }) => uid)).toEqual([invitationUid(email)]);
    expect(await auditOf('staff.grant')).toEqual([`Ruolo di ${email}: da nessun ruolo a Capo (Branco)`]);
    expect(await auditOf('staff.invite')).toHaveLength(1);
    await testbed.settled();
    await invitationLinkTo(email);
    expect(await invitationsTo(email)).toHaveLength(1);
  });

  it("sends the invitation again with 'resend', not twice within a minute, and the new link works", async () => {
    const email = fresh('ritardatario');
    await asAdmin({ action: 'invite', email, staff: { role: 'tesoriere' } });
    expect(await asAdmin({ action: 'resend', email })).toMatchObject({ status: 200, body: { invitation: 'recent' } });
    await testbed.settled();
    await invitationLinkTo(email);
    expect(await invitationsTo(email)).toHaveLength(1);

    // A minute later (the record says the last one went out two minutes ago).
    await testbed
      .db()
      .collection('staff_accounts')
      .doc(invitationUid(email))
      .update({ invitation_sent_at: Timestamp.fromMillis(Date.now() - 120_000) });
    expect(await asAdmin({ action: 'resend', email })).toMatchObject({
      status: 200,
      body: { invitation: 'sent', account: { state: 'invited', staff: { role: 'tesoriere' } } },
    });
    await testbed.settled();
    await expect.poll(async () => (await invitationsTo(email)).length, { timeout: 10_000 }).toBe(2);
    const messages = await invitationsTo(email);
    const link = new URL(/https?:\/\/\S+\/admin\/imposta-password\?\S+/.exec(messages.at(-1)?.text ?? '')?.[0] ?? 'http://x');
    expect(await auditOf('staff.invite')).toHaveLength(2);
    expect(await auditOf('staff.grant')).toHaveLength(1);
    const token = await acceptInvitation(link, email);
    expect((await getAuth(getAdminApp()).verifyIdToken(token, true)).email_verified).toBe(true);

    expect(await asAdmin({ action: 'resend', email })).toEqual({
      status: 409,
      body: { error: `${email} ha già confermato l’e-mail: può accedere all’area admin con la sua password.` },
    });
  });

  it('refuses an unknown account (404), a capo without branches (400), an admin removing their own role (409)', async () => {
    expect(await asAdmin({ action: 'grant', email: 'nessuno@example.com', staff: { role: 'tesoriere' } })).toEqual({
      status: 404,
      body: { error: 'Nessun account con l’e-mail nessuno@example.com: invitalo con «Invita».' },
    });
    expect(await asAdmin({ action: 'resend', email: 'nessuno@example.com' })).toMatchObject({ status: 404 });
    expect((await asAdmin({ action: 'invite', email: 'capo@example.com', staff: { role: 'capo', branches: [] } })).status).toBe(400);
    expect((await asAdmin({ action: 'invite', email: 'capo@example.com', staff: null })).status).toBe(400);
    expect(await asAdmin({ action: 'grant', email: 'admin@example.com', staff: { role: 'tesoriere' } })).toEqual({
      status: 409,
      body: { error: 'Non puoi togliere a te stesso il ruolo di amministratore: chiedilo a un altro amministratore.' },
    });
    expect((await testbed.db().collection('audit_log').get()).size).toBe(0);
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

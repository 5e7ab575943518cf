import { getAuth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand } from '../../../scripts/admin-command';
import { invitationUid } from '../../../netlify/lib/staff/admin-claims';
import { getAdminApp } from '../../../netlify/lib/platform/firestore';
import { startTestAuth, type TestAuth } from '../../support/auth-emulator';
import { clearDb, useEmulatorDb } from '../../support/server-db';

/**
 * `npm run admin` (scripts/admin-command.ts; docs/deploy.md, "The first
 * admin"; docs/security.md, "Roles") against the Auth and Firestore
 * emulators: the first admin invited from the command line, the same
 * refusal as 'Utenti' for an account nobody proved, the changes recorded.
 */

const PROJECT = 'demo-admin-command';
let db: Firestore;
let auth: TestAuth;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
  await clearDb(PROJECT);
  auth = await startTestAuth(PROJECT);
}, 120_000);
afterAll(() => auth.stop(), 30_000);

async function run(...argv: string[]) {
  const lines: string[] = [];
  const code = await adminCommand(argv, {
    db,
    where: 'the test emulator',
    siteUrl: 'https://scout.example.org',
    print: (line) => lines.push(line),
  });
  return { code, lines };
}

const audit = async () =>
  (await db.collection('audit_log').get()).docs.map((entry) => `${entry.get('action')} by ${entry.get('actor.email')}`).sort();

describe('npm run admin', () => {
  it('invites the first admin: the account made with its role, the link printed, and the password set through it verifies the e-mail', async () => {
    const email = 'presidente@example.org';
    const { code, lines } = await run('invite', email, '--role', 'admin');
    expect(code).toBe(0);
    expect(lines[0]).toBe(`Granted Amministratore to ${email} (${invitationUid(email)}) on the test emulator.`);
    const link = new URL(lines.at(-1) ?? '');
    expect(link.origin + link.pathname).toBe('https://scout.example.org/admin/imposta-password');
    const reset = await fetch(`http://${auth.host}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode: link.searchParams.get('oobCode'), newPassword: 'una-password-lunga' }),
    });
    expect(reset.ok).toBe(true);
    const token = await getAuth(getAdminApp()).verifyIdToken(await auth.signIn(email, 'una-password-lunga'), true);
    expect(token).toMatchObject({ role: 'admin', email_verified: true });
    expect(await audit()).toEqual(['staff.grant by npm run admin', 'staff.invite by npm run admin']);
  });

  it('refuses to grant a role to an unverified account nobody invited, with the same message as Utenti; verify, then grant, works', async () => {
    const email = 'registrato.da.solo@example.org';
    await auth.account(email, undefined, { verified: false });
    const refused = await run('grant', email, '--role', 'tesoriere');
    expect(refused).toEqual({
      code: 1,
      lines: [
        `L’account ${email} non è stato creato da un invito e la sua e-mail non è confermata: chiunque può averlo registrato, quindi non può avere un ruolo. Eliminalo nella console di Firebase (Authentication > Users) e invitalo di nuovo.`,
      ],
    });
    expect((await run('invite', email, '--role', 'tesoriere')).code).toBe(1);
    expect((await getAuth(getAdminApp()).getUserByEmail(email)).customClaims ?? {}).toEqual({});

    expect((await run('verify', email)).code).toBe(0);
    expect(await run('grant', email, '--role', 'capo', '--branch', 'Clan')).toMatchObject({ code: 0 });
    expect((await getAuth(getAdminApp()).getUserByEmail(email)).customClaims).toEqual({ role: 'capo', branches: ['Clan'] });
    expect(await run('revoke', email)).toMatchObject({
      code: 0,
      lines: [`Revoked the role of ${email} (${(await getAuth(getAdminApp()).getUserByEmail(email)).uid}) on the test emulator.`],
    });
  });

  it('says what is wrong with the command, and that an account does not exist', async () => {
    expect((await run('grant', 'capo@example.org', '--role', 'capo')).code).toBe(2);
    expect((await run('promote', 'capo@example.org')).code).toBe(2);
    expect(await run('grant', 'nessuno@example.org', '--role', 'tesoriere')).toEqual({
      code: 1,
      lines: ['Nessun account con l’e-mail nessuno@example.org: invitalo con «Invita».'],
    });
  });
});

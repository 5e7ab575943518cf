/**
 * What `npm run admin` does (scripts/admin.ts sets up where; docs/security.md,
 * "Roles"; docs/deploy.md, "The first admin"):
 *
 * - `invite EMAIL --role admin|tesoriere|capo [--branch Reparto …]`: the
 *   account of EMAIL, made when there is none, gets the role, and the link
 *   to set its password is printed (not e-mailed): how the first admin of a
 *   new project gets in. An account whose e-mail is already verified just
 *   gets the role.
 * - `grant EMAIL --role …`, `revoke EMAIL`: an existing account's role.
 * - `verify EMAIL`: marks the account's e-mail verified, for a volunteer
 *   whose account was made by hand before roles needed a verified e-mail.
 *
 * As in 'Utenti': no role for an unverified account no invitation made
 * (the same Italian refusal), each change revokes the account's sessions
 * and is recorded (`staff_accounts`, `audit_log` with the actor 'npm run
 * admin').
 */
import { parseArgs } from 'node:util';
import type { Firestore } from 'firebase-admin/firestore';
import { invitationLink, markEmailVerified } from '../netlify/lib/staff/admin-claims';
import { recordAudit } from '../netlify/lib/platform/audit-log';
import { HttpError } from '../netlify/lib/platform/http';
import { accountForRole, applyStaffChange } from '../netlify/lib/staff/staff-accounts';
import { AUDIT_ACTION, CLI_ACTOR } from '@domain/audit-log';
import { staffSchema } from '@domain/staff/staff-role-schema';
import { staffLabel, type Staff } from '@domain/staff/staff-roles';

export const USAGE =
  'Usage: npm run admin -- invite EMAIL --role admin|tesoriere|capo [--branch Branco|Reparto|Clan …] | grant EMAIL --role … | revoke EMAIL | verify EMAIL';

const COMMANDS = ['invite', 'grant', 'revoke', 'verify'] as const;
type Command = (typeof COMMANDS)[number];

/** Where the command runs and how it reports. */
export interface AdminCommandContext {
  db: Firestore;
  /** 'the Auth emulator at …', 'project …': named in every line printed. */
  where: string;
  /** The site whose /admin/imposta-password an invitation's link opens; null: Firebase's own page. */
  siteUrl: string | null;
  print: (line: string) => void;
}

/** Runs `npm run admin -- …` with `argv` (after `--`); resolves the exit code: 0 done, 1 refused or failed, 2 bad usage. */
export async function adminCommand(argv: readonly string[], context: AdminCommandContext): Promise<number> {
  const { print, where } = context;
  let parsed: ReturnType<typeof parseCommand>;
  try {
    parsed = parseCommand(argv);
  } catch (error) {
    print(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { command, email, staff } = parsed;
  try {
    if (command === 'verify') {
      const user = await markEmailVerified(email);
      if (user.emailVerified) {
        print(`The e-mail of ${email} (${user.uid}) was already verified on ${where}.`);
        return 0;
      }
      const batch = context.db.batch();
      recordAudit(context.db, batch, {
        actor: CLI_ACTOR,
        action: AUDIT_ACTION.staffVerify,
        target: { collection: 'users', id: user.uid },
        summary: `E-mail di ${email} confermata a mano da npm run admin`,
        before: { email_verified: false },
        after: { email_verified: true },
      });
      await batch.commit();
      print(`Verified the e-mail of ${email} (${user.uid}) on ${where}: its role counts from its next sign-in.`);
      return 0;
    }
    const { user, created } = await accountForRole(email, staff, command === 'invite');
    const invite = command === 'invite' && !user.emailVerified;
    await applyStaffChange(context.db, { user, staff, actor: CLI_ACTOR, invitation: invite ? { mail: null, created } : undefined });
    if (command === 'revoke') print(`Revoked the role of ${email} (${user.uid}) on ${where}.`);
    else print(`Granted ${staff ? staffLabel(staff) : 'no role'} to ${email} (${user.uid}) on ${where}.`);
    if (invite) {
      print(`Open this link to set the password (valid for an hour, once; run the command again for a new one):`);
      print(await invitationLink(email, context.siteUrl));
    } else if (command === 'invite') {
      print('Its e-mail is already verified: no link needed, the role counts from its next sign-in.');
    }
    return 0;
  } catch (error) {
    if (error instanceof HttpError) print(error.message);
    else if ((error as { code?: unknown }).code === 'auth/user-not-found') print(`No account with e-mail ${email} on ${where}.`);
    else print(`Could not change ${email} on ${where}: ${(error as Error).message}`);
    return 1;
  }
}

/** The command, its e-mail (lower case) and, for invite and grant, the role. */
function parseCommand(argv: readonly string[]): { command: Command; email: string; staff: Staff | null } {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { role: { type: 'string' }, branch: { type: 'string', multiple: true } },
  });
  const [command, email] = positionals;
  if (!COMMANDS.includes(command as Command) || !email?.includes('@')) throw new Error('Unknown command or e-mail.');
  if (command !== 'invite' && command !== 'grant') return { command: command as Command, email: email.toLowerCase(), staff: null };
  const role = staffSchema.safeParse({ role: values.role, branches: values.branch ?? [] });
  if (!role.success) throw new Error(role.error.issues[0]?.message ?? 'Ruolo non valido.');
  return { command, email: email.toLowerCase(), staff: role.data };
}

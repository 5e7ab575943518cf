/**
 * `npm run admin -- grant EMAIL --role admin|tesoriere|capo [--branch Reparto …]`
 * gives an account its role; `npm run admin -- revoke EMAIL` takes it away
 * (docs/security.md, "Roles"). A capo needs one `--branch` per branch.
 *
 * Where: with FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY set (in the
 * environment or `.env`) and no emulator host, the real project
 * FIREBASE_PROJECT_ID through its service account; otherwise the local Auth
 * emulator of `npm run dev` (127.0.0.1:AUTH_EMULATOR_PORT, 9099 by default).
 * The account must exist (Firebase console > Authentication > Add user).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { setStaffRole } from '../netlify/lib/admin-claims';
import { DEMO_PROJECT_ID } from '../emulators/seed/demo-data';
import { staffSchema } from '../src/domain/staff-role-schema';
import { staffLabel } from '../src/domain/staff-roles';

const USAGE = 'Usage: npm run admin -- grant EMAIL --role admin|tesoriere|capo [--branch Branco|Reparto|Clan …] | revoke EMAIL';

if (existsSync('.env')) process.loadEnvFile('.env');
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string' }, branch: { type: 'string', multiple: true } },
});
const [action, email] = positionals;
if ((action !== 'grant' && action !== 'revoke') || !email || !email.includes('@')) {
  console.error(USAGE);
  process.exit(2);
}
const role = action === 'grant' ? staffSchema.safeParse({ role: values.role, branches: values.branch ?? [] }) : null;
if (role && !role.success) {
  console.error(`${role.error.issues[0]?.message ?? 'Ruolo non valido.'}\n${USAGE}`);
  process.exit(2);
}

const realProject = Boolean(process.env.FIREBASE_CLIENT_EMAIL?.trim() && process.env.FIREBASE_PRIVATE_KEY?.trim());
if (!realProject && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${process.env.AUTH_EMULATOR_PORT || 9099}`;
  process.env.FIREBASE_PROJECT_ID ||= DEMO_PROJECT_ID;
}
const where = process.env.FIREBASE_AUTH_EMULATOR_HOST
  ? `the Auth emulator at ${process.env.FIREBASE_AUTH_EMULATOR_HOST}`
  : `project ${process.env.FIREBASE_PROJECT_ID}`;

try {
  const staff = role?.data ?? null;
  const { uid } = await setStaffRole(email, staff);
  console.log(
    staff ? `Granted ${staffLabel(staff)} to ${email} (${uid}) on ${where}.` : `Revoked the role of ${email} (${uid}) on ${where}.`,
  );
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(
    code === 'auth/user-not-found'
      ? `No account with e-mail ${email} on ${where}.`
      : `Could not change ${email} on ${where}: ${(error as Error).message}`,
  );
  process.exit(1);
}

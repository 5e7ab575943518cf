/**
 * `npm run admin -- grant EMAIL` / `npm run admin -- revoke EMAIL`: gives or
 * takes the admin claim (docs/security.md, "Admins").
 *
 * Where: with FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY set (in the
 * environment or `.env`) and no emulator host, the real project
 * FIREBASE_PROJECT_ID through its service account; otherwise the local Auth
 * emulator of `npm run dev` (127.0.0.1:AUTH_EMULATOR_PORT, 9099 by default).
 * The account must exist (Firebase console > Authentication > Add user).
 */
import { existsSync } from 'node:fs';
import { setAdminClaim } from '../netlify/lib/admin-claims';
import { DEMO_PROJECT_ID } from '../emulators/seed/demo-data';

if (existsSync('.env')) process.loadEnvFile('.env');
const [action, email] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !email || !email.includes('@')) {
  console.error('Usage: npm run admin -- grant EMAIL | revoke EMAIL');
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
  const { uid } = await setAdminClaim(email, action === 'grant');
  console.log(`${action === 'grant' ? 'Granted' : 'Revoked'} admin for ${email} (${uid}) on ${where}.`);
} catch (error) {
  const code = (error as { code?: string }).code;
  console.error(
    code === 'auth/user-not-found'
      ? `No account with e-mail ${email} on ${where}.`
      : `Could not change ${email} on ${where}: ${(error as Error).message}`,
  );
  process.exit(1);
}

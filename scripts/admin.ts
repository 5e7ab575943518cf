/**
 * `npm run admin -- invite EMAIL --role admin|tesoriere|capo [--branch Reparto …]`
 * makes a volunteer's account with its role and prints the link to set its
 * password (the first admin of a new project: docs/deploy.md);
 * `grant EMAIL --role …` and `revoke EMAIL` change an existing account's
 * role; `verify EMAIL` marks its e-mail verified (scripts/admin-command.ts;
 * docs/security.md, "Roles"). A capo needs one `--branch` per branch.
 *
 * Where: with FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY set (in the
 * environment or `.env`) and no emulator host, the real project
 * FIREBASE_PROJECT_ID through its service account, the links on SITE_URL
 * (else Firebase's own page); otherwise the local emulators of `npm run dev`
 * (Auth at 127.0.0.1:AUTH_EMULATOR_PORT, 9099 by default; Firestore at
 * FIRESTORE_EMULATOR_PORT, 8080), the links on http://localhost:PORT (5173).
 */
import { existsSync } from 'node:fs';
import { getDb } from '../netlify/lib/platform/firestore';
import { DEMO_PROJECT_ID } from '../emulators/seed/demo-data';
import { adminCommand } from './admin-command';

if (existsSync('.env')) process.loadEnvFile('.env');
const env = process.env;
const realProject = Boolean(env.FIREBASE_CLIENT_EMAIL?.trim() && env.FIREBASE_PRIVATE_KEY?.trim());
const emulated = !realProject || Boolean(env.FIREBASE_AUTH_EMULATOR_HOST);
if (emulated) {
  env.FIREBASE_AUTH_EMULATOR_HOST ||= `127.0.0.1:${env.AUTH_EMULATOR_PORT || 9099}`;
  env.FIRESTORE_EMULATOR_HOST ||= `127.0.0.1:${env.FIRESTORE_EMULATOR_PORT || 8080}`;
  env.FIREBASE_PROJECT_ID ||= DEMO_PROJECT_ID;
}
const where = emulated ? `the Auth emulator at ${env.FIREBASE_AUTH_EMULATOR_HOST}` : `project ${env.FIREBASE_PROJECT_ID}`;
const siteUrl = env.SITE_URL?.trim() || env.URL?.trim() || (emulated ? `http://localhost:${env.PORT || 5173}` : null);

const db = getDb();
const code = await adminCommand(process.argv.slice(2), { db, where, siteUrl, print: (line) => console.log(line) });
// Firestore's client keeps the process alive otherwise.
await db.terminate();
process.exit(code);

/**
 * `npm run deploy:firebase`: deploys `firestore.rules` and
 * `firestore.indexes.json` (both named by firebase.json) to the real
 * Firebase project with firebase-tools:
 * `firebase deploy --only firestore:rules,firestore:indexes --project ID`
 * (docs/deploy.md, "Rules and indexes").
 *
 * The project: FIREBASE_PROJECT_ID (the environment, else `.env`), else the
 * `default` project of `.firebaserc`. The placeholder `.firebaserc` ships
 * with ('your-firebase-project-id') counts as none: then it stops with a
 * message saying what to set, exit 2, and deploys nothing. Extra arguments
 * are passed on to firebase-tools (e.g. `-- --non-interactive`).
 * firebase-tools must be signed in first (`npx firebase login`, or
 * GOOGLE_APPLICATION_CREDENTIALS naming a service account key file).
 * Never run by the tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** The project id `.firebaserc` ships with: not a real project. */
const PLACEHOLDER_PROJECT = 'your-firebase-project-id';

/** The `default` project of `.firebaserc`, or '' when it has none or cannot be read. */
function firebasercProject(): string {
  if (!existsSync('.firebaserc')) return '';
  try {
    const config = JSON.parse(readFileSync('.firebaserc', 'utf8')) as { projects?: { default?: unknown } };
    return typeof config.projects?.default === 'string' ? config.projects.default.trim() : '';
  } catch {
    console.error('deploy:firebase: .firebaserc is not valid JSON; ignoring it.');
    return '';
  }
}

function chooseProject(): { project: string; from: string } | null {
  const fromEnvironment = process.env.FIREBASE_PROJECT_ID?.trim();
  if (fromEnvironment) return { project: fromEnvironment, from: 'FIREBASE_PROJECT_ID' };
  const fromFile = existsSync('.env') ? parseEnv(readFileSync('.env', 'utf8')).FIREBASE_PROJECT_ID?.trim() : '';
  if (fromFile) return { project: fromFile, from: 'FIREBASE_PROJECT_ID in .env' };
  const fromRc = firebasercProject();
  if (fromRc && fromRc !== PLACEHOLDER_PROJECT) return { project: fromRc, from: '.firebaserc' };
  return null;
}

const chosen = chooseProject();
if (!chosen) {
  console.error(
    [
      'deploy:firebase: no Firebase project to deploy to.',
      'Set FIREBASE_PROJECT_ID (in the environment or .env), or put the project id in .firebaserc',
      `in place of "${PLACEHOLDER_PROJECT}". The id is in the Firebase console, Project settings.`,
    ].join('\n'),
  );
  process.exit(2);
}
if (chosen.project.startsWith('demo-')) {
  console.error(`deploy:firebase: "${chosen.project}" (${chosen.from}) is an emulator project, not a real one. Nothing deployed.`);
  process.exit(2);
}

const args = ['deploy', '--only', 'firestore:rules,firestore:indexes', '--project', chosen.project, ...process.argv.slice(2)];
console.log(`Deploying firestore.rules and firestore.indexes.json to Firebase project "${chosen.project}" (from ${chosen.from}).`);
console.log(`> firebase ${args.join(' ')}`);
const result = spawnSync(path.resolve('node_modules', '.bin', 'firebase'), args, { stdio: 'inherit' });
if (result.error) console.error(`deploy:firebase: could not start firebase-tools: ${result.error.message}`);
process.exit(result.status ?? 1);

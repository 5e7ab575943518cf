/**
 * `npm run check:launch -- URL`: a smoke test of a live site, after the
 * deploy and any time later (docs/deploy.md, "npm run check:launch"): one
 * line per check, ✓ or ✗ with the fix (scripts/check-launch/run.ts).
 *
 *   npm run check:launch -- https://gruppo.netlify.app --admin presidente@… [--fiscal-code CF] [--mode live]
 *   npm run check:launch -- http://localhost:5173      the local stack of npm run dev (its demo admin)
 *
 * Reads `.env` (what npm run setup wrote) for the keys the checks use; the
 * admin's password from LAUNCH_ADMIN_PASSWORD, else it asks. Exit 0 when
 * every check passed, 1 otherwise, 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { runLaunchChecks } from './check-launch/run';
import { launchSettings } from './check-launch/settings';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { admin: { type: 'string' }, 'fiscal-code': { type: 'string' }, mode: { type: 'string' }, env: { type: 'string' } },
});
const url = positionals[0];
if (!url || !/^https?:\/\//.test(url)) {
  console.error('Uso: npm run check:launch -- URL [--admin EMAIL] [--fiscal-code CF] [--mode test|live] [--env FILE]');
  process.exit(2);
}
let password = process.env.LAUNCH_ADMIN_PASSWORD;
if (values.admin && !password && process.stdin.isTTY) {
  const { password: ask } = await import('@inquirer/prompts');
  password = await ask({ message: `Password di ${values.admin}`, mask: '•' });
}
const settings = launchSettings(url, {
  envFile: values.env,
  admin: values.admin,
  password,
  fiscalCode: values['fiscal-code'],
  mode: values.mode,
});
process.exit(await runLaunchChecks(settings, (line) => console.log(line)));

/**
 * `npm run repair:totals [-- --season 2025 …] [--fix]`: recomputes each
 * season's totals (`season_totals`, src/domain/season/season-totals.ts) from its
 * payments, the products' cells and the 'Contributi solidarietà' kept apart
 * (`contributions`), and prints every cell that differs from the kept ones; with
 * `--fix` it writes the counted totals in their place. Without `--season`,
 * the seasons the admin's picker offers. Exits 1 when a difference is left.
 *
 * Where: with FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY set (in the
 * environment or `.env`) and no emulator host, the real project; otherwise
 * the local Firestore emulator of `npm run dev`.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { serverEnvironment } from '../emulators/dev/stack-environment';
import { readStackSettings } from '../emulators/dev/settings';
import { getDb } from '../netlify/lib/platform/firestore';
import { checkSeasonTotals } from '../netlify/lib/season/season-totals';
import { seasonChoices } from '@config/season';

if (existsSync('.env')) process.loadEnvFile('.env');
const { values } = parseArgs({ options: { season: { type: 'string', multiple: true }, fix: { type: 'boolean', default: false } } });
const seasons = values.season?.map(Number) ?? seasonChoices();
if (seasons.some((season) => !Number.isInteger(season))) {
  console.error('Usage: npm run repair:totals -- [--season YEAR …] [--fix]');
  process.exit(2);
}

const realProject = Boolean(process.env.FIREBASE_CLIENT_EMAIL?.trim() && process.env.FIREBASE_PRIVATE_KEY?.trim());
if (!realProject && !process.env.FIRESTORE_EMULATOR_HOST) {
  const environment = serverEnvironment(readStackSettings());
  process.env.FIRESTORE_EMULATOR_HOST = environment.FIRESTORE_EMULATOR_HOST;
  process.env.FIREBASE_PROJECT_ID ||= environment.FIREBASE_PROJECT_ID;
}

let left = 0;
for (const season of seasons) {
  const check = await checkSeasonTotals(getDb(), season, values.fix);
  console.log(
    `Season ${season}: ${check.payments} payments, ${check.differences.length} differences${values.fix && check.differences.length ? ' (fixed)' : ''}`,
  );
  for (const line of check.differences) console.log(`  ${line}`);
  if (!values.fix) left += check.differences.length;
}
console.log(`${left} differences`);
process.exit(left === 0 ? 0 : 1);

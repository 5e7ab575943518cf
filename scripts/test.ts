/**
 * `npm test`: type check, lint, unit + component tests (Vitest) and browser
 * tests (Playwright), in that order, then one summary line
 * `N passed, N failed` (the type check, the linter with the import
 * boundaries and the format check count as one check each). Exits non-zero when anything failed.
 *
 *   npm test                 everything
 *   npm test -- --no-browser skip the Playwright suite (quick loop)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

interface Tally {
  name: string;
  passed: number;
  failed: number;
}

const results: Tally[] = [];
const skipBrowser = process.argv.includes('--no-browser');
mkdirSync('test-results', { recursive: true });

function run(command: string, args: string[]): number {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

function check(name: string, command: string, args: string[]) {
  const ok = run(command, args) === 0;
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

function readJson<T>(file: string): T | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

check('type check', 'npx', ['tsc', '--noEmit']);
check('lint (import boundaries included)', 'npx', ['eslint', '.', '--max-warnings=0']);
check('format', 'npx', ['prettier', '--check', '.']);

const vitestJson = 'test-results/vitest.json';
rmSync(vitestJson, { force: true });
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const vitest = readJson<{ numPassedTests: number; numFailedTests: number }>(vitestJson);
results.push({
  name: 'unit and component tests',
  passed: vitest?.numPassedTests ?? 0,
  // A crash before the report still counts as a failure.
  failed: vitest ? vitest.numFailedTests + (vitestStatus !== 0 && vitest.numFailedTests === 0 ? 1 : 0) : 1,
});

if (!skipBrowser) {
  const playwrightJson = 'test-results/playwright.json';
  rmSync(playwrightJson, { force: true });
  const status = run('npx', ['playwright', 'test']);
  const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(playwrightJson);
  results.push({
    name: 'browser tests',
    passed: report ? report.stats.expected + report.stats.flaky : 0,
    failed: report ? report.stats.unexpected + (status !== 0 && report.stats.unexpected === 0 ? 1 : 0) : 1,
  });
}

console.log('\nSummary');
for (const tally of results) console.log(`  ${tally.name}: ${tally.passed} passed, ${tally.failed} failed`);
const passed = results.reduce((sum, t) => sum + t.passed, 0);
const failed = results.reduce((sum, t) => sum + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

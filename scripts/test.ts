/**
 * `npm test`: type check, lint, format check, unit tests, component tests,
 * build checks (function bundles, indexes, source maps) and browser tests,
 * in that order, then how long each part took and one summary line
 * `N passed, N failed` (the type check, the linter with the import
 * boundaries and the format check count as one check each). Exits non-zero
 * when anything failed.
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
  seconds: number;
}

const results: Tally[] = [];
const skipBrowser = process.argv.includes('--no-browser');
mkdirSync('test-results', { recursive: true });

/** Runs a command with the terminal attached; its exit status and wall time in seconds. */
function run(command: string, args: string[]): { status: number; seconds: number } {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const startedAt = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return { status: result.status ?? 1, seconds: (performance.now() - startedAt) / 1000 };
}

function check(name: string, command: string, args: string[]) {
  const { status, seconds } = run(command, args);
  results.push({ name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, seconds });
}

function readJson<T>(file: string): T | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** One Vitest project (vite.config.ts `test.projects`), counted from its JSON report. */
function vitestProject(name: string, project: string, extra: string[] = []) {
  const report = `test-results/vitest-${project}.json`;
  rmSync(report, { force: true });
  const { status, seconds } = run('npx', [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...extra,
  ]);
  const counts = readJson<{ numPassedTests: number; numFailedTests: number }>(report);
  results.push({
    name,
    passed: counts?.numPassedTests ?? 0,
    // A crash before the report still counts as a failure.
    failed: counts ? counts.numFailedTests + (status !== 0 && counts.numFailedTests === 0 ? 1 : 0) : 1,
    seconds,
  });
}

check('type check', 'npx', ['tsc', '--noEmit']);
check('lint (import boundaries included)', 'npx', ['eslint', '.', '--max-warnings=0']);
check('format', 'npx', ['prettier', '--check', '.']);
// The node tests mostly wait on the emulators: three files at a time, where Vitest's default on two cores is one.
vitestProject('unit tests (domain, functions, rules)', 'unit', ['--maxWorkers=3']);
vitestProject('component tests', 'ui');
vitestProject('build (function bundles, indexes, source maps)', 'build');

if (!skipBrowser) {
  const playwrightJson = 'test-results/playwright.json';
  rmSync(playwrightJson, { force: true });
  const { status, seconds } = run('npx', ['playwright', 'test']);
  const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(playwrightJson);
  results.push({
    name: 'browser tests',
    passed: report ? report.stats.expected + report.stats.flaky : 0,
    failed: report ? report.stats.unexpected + (status !== 0 && report.stats.unexpected === 0 ? 1 : 0) : 1,
    seconds,
  });
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;
console.log('\nSummary (part: passed, failed, wall time m:ss)');
for (const tally of results) console.log(`  ${tally.name}: ${tally.passed} passed, ${tally.failed} failed, ${minutes(tally.seconds)}`);
console.log(`  total: ${minutes(results.reduce((sum, t) => sum + t.seconds, 0))}`);
const passed = results.reduce((sum, t) => sum + t.passed, 0);
const failed = results.reduce((sum, t) => sum + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

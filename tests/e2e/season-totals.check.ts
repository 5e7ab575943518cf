import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { DEMO_PROJECT_ID } from '../../emulators/seed/demo-data';
import { E2E_PORTS } from './ports';

/**
 * Run after every other browser test (the 'books' project depends on them,
 * playwright.config.ts): the season totals the functions kept through the
 * run's orders, confirmations, cancellations and refunds equal what the
 * payments say — `npm run repair:totals` finds 0 differences.
 */
test("the season totals kept through the run's orders match the payments (npm run repair:totals)", () => {
  const output = execFileSync('npx', ['tsx', 'scripts/repair-season-totals.ts'], {
    encoding: 'utf8',
    env: { ...process.env, FIRESTORE_EMULATOR_HOST: `127.0.0.1:${E2E_PORTS.firestore}`, FIREBASE_PROJECT_ID: DEMO_PROJECT_ID },
  });
  expect(output).toMatch(/Season \d+: [1-9]\d* payments, 0 differences/);
  expect(output.trim().split('\n').at(-1)).toBe('0 differences');
});

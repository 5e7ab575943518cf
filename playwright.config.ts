import { defineConfig } from '@playwright/test';
import { STACK_READY } from './emulators/dev/settings';
import { BUILT_APP_READY, E2E_PORT_OFFSET, E2E_PORTS } from './tests/e2e/ports';

/** A pattern matching `text` anywhere in a line of a web server's output. */
const lineWith = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/**
 * Browser tests against the production build (tests/e2e/serve-built-app.ts,
 * served like Netlify with netlify.toml's headers) and the whole local
 * stack behind it (emulators + the functions in Vite), started by the dev
 * launcher on ports and a data folder of their own, from the demo data.
 * Uses Debian's Chromium (`apt-get install chromium`), never a downloaded
 * browser.
 */
const ports = E2E_PORTS;
const offset = E2E_PORT_OFFSET;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${ports.site}`,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'mobile', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    // After every spec has paid, confirmed, cancelled and refunded: the season totals still match the payments.
    { name: 'books', testMatch: /season-totals\.check\.ts/, dependencies: ['mobile'] },
  ],
  webServer: [
    {
      command: 'npx tsx emulators/dev.ts --reset --no-env-file',
      // Vite answers before the emulators are up: wait for the launcher's line saying all of it is.
      wait: { stdout: lineWith(STACK_READY) },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        DATA_DIR: offset ? `.data/e2e-${offset}` : '.data/e2e',
        PORT: String(ports.app),
        FIRESTORE_EMULATOR_PORT: String(ports.firestore),
        AUTH_EMULATOR_PORT: String(ports.auth),
        FIREBASE_HUB_PORT: String(ports.hub),
        FIREBASE_LOGGING_PORT: String(ports.logging),
        MEDIA_EMULATOR_PORT: String(ports.media),
        MAIL_SMTP_PORT: String(ports.mailSmtp),
        MAIL_WEB_PORT: String(ports.mailWeb),
        // Every browser of the run comes from 127.0.0.1: one address for all the specs' lookups and orders.
        // The fiscal-code budget itself is tested on the functions (tests/unit/functions/fiscal-code-budget.test.ts).
        FISCAL_CODE_REQUESTS_PER_MINUTE: '1000',
        FISCAL_CODE_UNKNOWN_PER_HOUR: '1000',
        // The specs sign the same demo parents in many times an hour and write to their few addresses all day:
        // the per-parent access limits and the mail budget are tested on the functions
        // (tests/unit/functions/access-code.test.ts, tests/unit/mail/mail-budget.test.ts).
        ACCESS_EMAILS_PER_HOUR: '1000',
        MAIL_DAILY_LIMIT: '100000',
        MAIL_RECIPIENT_DAILY_LIMIT: '10000',
      },
    },
    {
      // vite build, then served: 30-60 s on 2 cores, while the stack starts.
      command: 'npx tsx tests/e2e/serve-built-app.ts',
      wait: { stdout: lineWith(BUILT_APP_READY) },
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
  ],
});

import { defineConfig } from '@playwright/test';
import { STACK_READY } from './emulators/dev/settings';
import { E2E_PORT_OFFSET, E2E_PORTS } from './tests/e2e/ports';

/**
 * Browser tests against the whole local stack (emulators + Vite), started by
 * the dev launcher on ports and a data folder of their own, from the demo
 * data. Uses Debian's Chromium (`apt-get install chromium`), never a
 * downloaded browser.
 */
const ports = E2E_PORTS;
const offset = E2E_PORT_OFFSET;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  globalSetup: './tests/e2e/warm-up.ts',
  // Netlify's dev runtime loads a function (and firebase-admin) in a new
  // worker at every call: a few seconds each on a 2-core machine.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${ports.app}`,
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
  projects: [{ name: 'mobile', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } }],
  webServer: {
    command: 'npx tsx emulators/dev.ts --reset --no-env-file',
    // Vite answers before the emulators are up: wait for the launcher's line saying all of it is.
    wait: { stdout: new RegExp(STACK_READY.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) },
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
    },
  },
});

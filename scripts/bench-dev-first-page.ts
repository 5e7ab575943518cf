/**
 * `npm run bench:dev`: how long a newcomer's first page takes after
 * `npm run dev` says `[dev] ready` (docs/benchmarks.md, "Dev server"). Starts
 * the launcher on ports of its own (scripts/bench/stack.ts), then opens
 * /campo-estivo twice in fresh browser contexts (Debian's chromium) and
 * prints each visit's time until the app has drawn the page's heading (the
 * app loads after the `load` event, src/main.tsx), and the first over the
 * second. A measurement, not a test: it never fails on a figure.
 * `--runs N` repeats the whole (a new launcher each time).
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startStack } from './bench/stack';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' }, verbose: { type: 'boolean', default: false } } });
const OFFSET = 60;

/** Milliseconds from navigation until the app has drawn /campo-estivo's heading, in a fresh context. */
async function visit(browser: Awaited<ReturnType<typeof chromium.launch>>, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  await page.waitForFunction(() => document.querySelector('main h1') !== null, undefined, { timeout: 120_000, polling: 'raf' });
  const ms = await page.evaluate(() => performance.now());
  await context.close();
  return ms;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (let run = 1; run <= Number(values.runs); run += 1) {
    const stack = await startStack(OFFSET, values.verbose);
    try {
      const url = `${stack.appUrl}/campo-estivo`;
      const first = await visit(browser, url);
      const second = await visit(browser, url);
      console.log(
        `run ${run}: first page after [dev] ready ${(first / 1000).toFixed(2)} s, second ${(second / 1000).toFixed(2)} s, first/second ${(first / second).toFixed(1)}×`,
      );
    } finally {
      await stack.stop();
    }
  }
} finally {
  await browser.close();
}

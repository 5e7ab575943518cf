/**
 * `npm run bench:dev`: how long a newcomer's first page takes after
 * `npm run dev` says `[dev] ready` (docs/benchmarks.md, "Dev server"). Starts
 * the launcher on ports of its own (scripts/bench/stack.ts), then opens
 * /campo-estivo twice in fresh browser contexts (Debian's chromium) and
 * prints each visit's time to the `load` event, and the first over the
 * second. A measurement, not a test: it never fails on a figure.
 * `--runs N` repeats the whole (a new launcher each time).
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startStack } from './bench/stack';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' }, verbose: { type: 'boolean', default: false } } });
const OFFSET = 60;

/** Milliseconds from navigation to the `load` event of /campo-estivo in a fresh context. */
async function visit(browser: Awaited<ReturnType<typeof chromium.launch>>, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  const ms = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return navigation ? navigation.loadEventEnd - navigation.startTime : Number.NaN;
  });
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

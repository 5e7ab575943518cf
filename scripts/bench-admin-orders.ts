/**
 * `npm run bench:admin`: how long the admin's orders list
 * (/admin/check-pagamenti) takes to show, and how many Firestore documents
 * it reads, with 250, 2,500 and 25,000 orders of the current season
 * (docs/benchmarks.md). A measurement, not a test.
 *
 * Starts the dev launcher (emulators/dev.ts) on ports of its own, then for
 * each size empties the Firestore emulator, seeds the orders
 * (scripts/bench/seed-orders.ts), signs in as the demo admin in Debian's
 * Chromium three times (a new browser context each time) and takes the
 * median time from the click on 'Accedi' to the first order row. The reads
 * are counted from the browser's responses of the Firestore emulator
 * (scripts/bench/read-counter.ts). Ctrl-C stops everything it started.
 *
 *   npm run bench:admin
 *   npm run bench:admin -- --sizes 250,2500 --runs 3 --verbose
 *
 * Options: --sizes (comma-separated), --runs (per size), --timeout (seconds
 * to wait for the list, per run), --summary (selector of the list's summary,
 * timed when present), --verbose (the stack's output). BENCH_PORT_OFFSET
 * moves the ports (default 40: app 5220, Firestore 8220, Auth 9220).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import type { Firestore } from 'firebase-admin/firestore';
import { ensureAuthAccount } from '../emulators/dev/auth-emulator';
import { DEMO_ADMIN } from '../emulators/seed/demo-data';
import { markEmailVerified, setStaffRole } from '../netlify/lib/staff/admin-claims';
import { getDb } from '../netlify/lib/platform/firestore';
import { SEASON } from '@config/season';
import { countFirestoreReads, type ReadCount } from './bench/read-counter';
import { seedOrders, type SeedResult } from './bench/seed-orders';
import { startStack, type BenchStack } from './bench/stack';

const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: '250,2500,25000' },
    runs: { type: 'string', default: '3' },
    timeout: { type: 'string', default: '300' },
    summary: { type: 'string', default: 'table[aria-label="Riepilogo"]' },
    verbose: { type: 'boolean', default: false },
  },
});
const SIZES = options.sizes.split(',').map((size) => Number(size.replace(/[_.]/g, '')));
const RUNS = Number(options.runs);
const TIMEOUT_MS = Number(options.timeout) * 1000;
const ROW = '[data-testid="order-row"]';
if (SIZES.some((size) => !Number.isInteger(size) || size < 1) || !(RUNS >= 1) || !(TIMEOUT_MS > 0)) {
  console.error('Usage: npm run bench:admin -- [--sizes 250,2500,25000] [--runs 3] [--timeout 300] [--summary SELECTOR] [--verbose]');
  process.exit(2);
}
const offset = Number(process.env.BENCH_PORT_OFFSET ?? 40);

/** One sign-in and list load. */
interface Run {
  /** Click on 'Accedi' to the first order row visible (ms). */
  listMs: number;
  /** Click to the summary visible (ms), null when the view has none. */
  summaryMs: number | null;
  /** Click to the first Firestore request (ms): the sign-in's share. */
  firstReadMs: number | null;
  /** Order rows on the page once it settled. */
  rows: number;
  read: ReadCount;
}

interface SizeResult {
  size: number;
  seed: SeedResult;
  runs: Run[];
}

let stack: BenchStack | null = null;
let browser: Browser | null = null;
let db: Firestore | null = null;
let cleaning: Promise<void> | null = null;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};
const thousands = (value: number) => value.toLocaleString('en-US');

/** Empties the Firestore emulator (its REST endpoint for tests). */
async function clearFirestore(running: BenchStack): Promise<void> {
  const url = `${running.firestoreUrl}/emulator/v1/projects/${running.settings.projectId}/databases/(default)/documents`;
  const response = await fetch(url, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Could not clear the Firestore emulator: ${response.status} ${await response.text()}`);
}

/** Closes the browser, empties the database (so the launcher's export on exit is small) and stops the stack, once. */
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await browser?.close().catch(() => {});
    await db?.terminate().catch(() => {});
    if (stack) {
      await clearFirestore(stack).catch(() => {});
      await stack.stop();
    }
  })();
  return cleaning;
}

process.on('unhandledRejection', (error) => {
  console.error('[bench] failed:', error);
  void cleanup().finally(() => process.exit(1));
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.log(`\n[bench] ${signal}: stopping what the benchmark started…`);
    void cleanup().finally(() => process.exit(130));
  });
}

/**
 * Opens /admin/check-pagamenti in a new context, signs in as the demo admin
 * and times the click on 'Accedi' until the first order row (and the
 * summary, when present) is visible; then waits until no Firestore request
 * has been open for a second and returns what the page read.
 */
async function measure(running: BenchStack, activeBrowser: Browser): Promise<Run> {
  const context = await activeBrowser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  try {
    const page = await context.newPage();
    const counter = await countFirestoreReads(page, running.firestoreUrl);
    await page.goto(`${running.appUrl}/admin/check-pagamenti`, { timeout: 180_000 });
    await page.getByRole('heading', { name: 'Accesso Admin' }).waitFor({ timeout: 120_000 });
    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    const clickedAt = performance.now();
    const summary = page
      .locator(options.summary)
      .first()
      .waitFor({ state: 'visible', timeout: TIMEOUT_MS })
      .then(() => performance.now() - clickedAt)
      .catch(() => null);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.locator(ROW).first().waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    const listMs = performance.now() - clickedAt;
    let quietSince = performance.now();
    const settleBy = performance.now() + TIMEOUT_MS;
    while (performance.now() - quietSince < 1000 && performance.now() < settleBy) {
      if (counter.inFlight() > 0) quietSince = performance.now();
      await wait(100);
    }
    const summaryMs = (await page.locator(options.summary).count()) > 0 ? await summary : null;
    const rows = await page.locator(ROW).count();
    const firstRequestAt = counter.firstRequestAt();
    return {
      listMs,
      summaryMs,
      firstReadMs: firstRequestAt === null ? null : Math.max(0, firstRequestAt - clickedAt),
      rows,
      read: await counter.settle(),
    };
  } finally {
    await context.close();
  }
}

function report(results: SizeResult[]): void {
  const table = results.map(({ size, seed, runs }) => {
    const last = runs[runs.length - 1];
    const summaries = runs.flatMap((run) => (run.summaryMs === null ? [] : [run.summaryMs]));
    return {
      orders: thousands(size),
      'prev. season': thousands(seed.previousSeasonOrders),
      documents: thousands(seed.documents),
      'seed s': (seed.ms / 1000).toFixed(1),
      'list ms (median)': Math.round(median(runs.map((run) => run.listMs))),
      'runs ms': runs.map((run) => Math.round(run.listMs)).join(' / '),
      'summary ms': summaries.length ? Math.round(median(summaries)) : '—',
      'sign-in ms': Math.round(median(runs.flatMap((run) => (run.firstReadMs === null ? [] : [run.firstReadMs])))),
      reads: last ? thousands(last.read.reads) : '—',
      'of which aggr.': last ? thousands(last.read.aggregationReads) : '—',
      'response bytes': last ? thousands(last.read.bytes) : '—',
      rows: last?.rows ?? 0,
      calls: last
        ? Object.entries(last.read.calls)
            .map(([kind, count]) => `${kind}×${count} (≤${thousands(last.read.slowestMs[kind] ?? 0)} ms)`)
            .join(' ')
        : '',
    };
  });
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(
    `\nAdmin orders list, season ${SEASON.campYear}, ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, load ${load}:`,
  );
  console.table(table);

  const at2500 = results.find((result) => result.size === 2500);
  const speed = at2500
    ? `${Math.round(median(at2500.runs.map((run) => run.listMs)))} ms at 2,500 orders (target under 1,000 ms: ${
        median(at2500.runs.map((run) => run.listMs)) < 1000 ? 'met' : 'missed'
      })`
    : 'no 2,500 run';
  const first = results[0];
  const lastSize = results[results.length - 1];
  const lastRead = (result: SizeResult | undefined) => result?.runs[result.runs.length - 1]?.read;
  const documentReads = (result: SizeResult | undefined) => {
    const read = lastRead(result);
    return read ? read.reads - read.aggregationReads : 0;
  };
  const growth =
    first && lastSize && first !== lastSize
      ? `document reads ×${(documentReads(lastSize) / Math.max(1, documentReads(first))).toFixed(1)} for orders ×${(lastSize.size / first.size).toFixed(0)}, plus ${thousands(lastRead(lastSize)?.aggregationReads ?? 0)} aggregation reads at ${thousands(lastSize.size)} (target, reads bounded by the page size: ${
          documentReads(lastSize) <= documentReads(first) * 1.5 ? 'met' : 'missed'
        })`
      : 'one size only';
  console.log(`Target: ${speed}; ${growth}.`);
}

async function main(): Promise<void> {
  console.log(`[bench] starting the stack (dev launcher, port offset ${offset})…`);
  const startedAt = performance.now();
  stack = await startStack(offset, options.verbose);
  console.log(
    `[bench] app on ${stack.appUrl}, Firestore on ${stack.firestoreUrl} (${Math.round((performance.now() - startedAt) / 1000)} s)`,
  );
  process.env.FIRESTORE_EMULATOR_HOST = `${stack.settings.host}:${stack.settings.firestorePort}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `${stack.settings.host}:${stack.settings.authPort}`;
  process.env.FIREBASE_PROJECT_ID = stack.settings.projectId;
  process.env.METADATA_SERVER_DETECTION = 'none';
  // The launcher creates the demo admin; done again here so the benchmark never depends on it.
  await ensureAuthAccount(stack.settings, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await markEmailVerified(DEMO_ADMIN.email);
  await setStaffRole(DEMO_ADMIN.email, { role: 'admin' });
  db = getDb();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });

  const results: SizeResult[] = [];
  for (const [index, size] of SIZES.entries()) {
    await clearFirestore(stack);
    const seed = await seedOrders(db, size);
    console.log(
      `[bench] ${thousands(size)} orders (+${thousands(seed.previousSeasonOrders)} of ${SEASON.campYear - 1}), ${thousands(seed.families)} families, ${thousands(seed.documents)} documents seeded in ${(seed.ms / 1000).toFixed(1)} s`,
    );
    if (index === 0) {
      // Vite compiles the admin's modules at the first visit: not timed.
      await measure(stack, browser);
      console.log('[bench] warm-up run done');
    }
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const measured = await measure(stack, browser);
      runs.push(measured);
      console.log(
        `[bench]   run ${run + 1}: list ${Math.round(measured.listMs)} ms, ${thousands(measured.read.reads)} reads, ${thousands(measured.read.bytes)} bytes, ${measured.rows} rows`,
      );
    }
    results.push({ size, seed, runs });
  }
  report(results);
}

main()
  .then(() => cleanup())
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error('[bench] failed:', error);
    await cleanup();
    process.exit(1);
  });

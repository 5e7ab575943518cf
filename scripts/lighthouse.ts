/**
 * `npm run lighthouse` (docs/benchmarks.md; docs/architecture.md, "First load"): builds the production app and a bare
 * Vite + React 19 + react-router 7 page (scripts/lighthouse-baseline/), serves each build (the app as Netlify serves it, prerendered pages included) and
 * gzip on a free local port, and runs Lighthouse (its default config: the mobile preset, simulated throttling) with
 * Debian's Chromium on /, /campo-estivo, /admin and the baseline. Prints, per page, the median of N runs of the
 * performance and accessibility scores (0–100), FCP and LCP (s), TBT (ms) and its ratio to the bare page's, CLS, and the
 * pages below the targets (docs/benchmarks.md: performance 98 where the bare page scores 100, accessibility 100, FCP no
 * later than the bare page's, TBT at most max(twice the bare page's, 50 ms)).
 *
 *   npm run lighthouse                 # 5 runs per page
 *   npm run lighthouse -- --runs 1     # a quick check
 *
 * `CHROMIUM_PATH` picks another browser (default /usr/bin/chromium). No network is needed: the pages wait on
 * nothing external, and the Netlify functions are not served (no first paint needs them; /admin shows the login).
 * A measurement, not a test: it fails only when a build, the server or the browser does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import react from '@vitejs/plugin-react';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { serveBuiltSite } from '../emulators/dev/netlify-site';
import { runsOption } from './first-visit';

const RUNS = runsOption(5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = path.resolve(import.meta.dirname, '..');

/** One measured run: scores 0–100, FCP/LCP in s, TBT in ms, CLS unitless. */
interface Measure {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

const work = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
const appDir = path.join(work, 'app');
/** The least TBT limit, in ms: see the table's note. */
const TBT_FLOOR_MS = 50;
const baselineDir = path.join(work, 'baseline');
const cleanups: (() => void | Promise<void>)[] = [() => rmSync(work, { recursive: true, force: true, maxRetries: 5 })];
const cleanUp = async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
};
process.on('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

/**
 * Serves `dir` on a free port of 127.0.0.1, gzipped: the app as Netlify serves it (netlify.toml's redirects, the
 * prerendered pages), the baseline with its index.html for any path.
 */
async function serveBuild(dir: string, { netlify }: { netlify: boolean }): Promise<string> {
  const app = new Hono();
  app.use('*', compress());
  if (netlify) serveBuiltSite(app, dir);
  else app.use('*', serveStatic({ root: dir }));
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  cleanups.push(() => void server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Starts headless Chromium with a DevTools port; resolves with the port once it listens. */
function startChromium(): Promise<number> {
  const profile = path.join(work, 'chromium-profile');
  const browser: ChildProcess = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // Chromium writes its profile until it exits: wait for that before removing the folder.
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        if (browser.exitCode !== null || browser.signalCode !== null) return resolve();
        browser.once('exit', () => resolve());
        browser.kill();
      }),
  );
  return new Promise((resolve, reject) => {
    let output = '';
    browser.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (listening?.[1]) resolve(Number(listening[1]));
    });
    browser.on('error', reject);
    browser.on('exit', (code) => reject(new Error(`${CHROMIUM} exited (${code}) before listening:\n${output}`)));
  });
}

/** One Lighthouse run of `url` in the browser on `port`. */
async function measure(url: string, port: number): Promise<Measure> {
  const result = await lighthouse(url, {
    port,
    hostname: '127.0.0.1',
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const value = (audit: string) => audits[audit]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((categories.performance?.score ?? Number.NaN) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? Number.NaN) * 100),
    fcp: value('first-contentful-paint') / 1000,
    lcp: value('largest-contentful-paint') / 1000,
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

try {
  console.log('Building the app and the baseline…');
  await build({ root: ROOT, logLevel: 'error', build: { outDir: appDir, emptyOutDir: true } });
  await build({
    configFile: false,
    root: path.join(ROOT, 'scripts/lighthouse-baseline'),
    logLevel: 'error',
    plugins: [react()],
    build: { outDir: baselineDir, emptyOutDir: true },
  });
  const appUrl = await serveBuild(appDir, { netlify: true });
  const baselineUrl = await serveBuild(baselineDir, { netlify: false });
  const port = await startChromium();

  const pages = [
    { name: '/', url: `${appUrl}/` },
    { name: '/campo-estivo', url: `${appUrl}/campo-estivo` },
    { name: '/admin', url: `${appUrl}/admin` },
    { name: 'baseline (Vite + React + router)', url: `${baselineUrl}/` },
  ];
  const rows: { name: string; measure: Measure }[] = [];
  for (const page of pages) {
    const runs: Measure[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const one = await measure(page.url, port);
      runs.push(one);
      console.log(`  ${page.name}, run ${run} of ${RUNS}: performance ${one.performance}, TBT ${Math.round(one.tbt)} ms`);
    }
    const of = (key: keyof Measure) => median(runs.map((one) => one[key]));
    rows.push({
      name: page.name,
      measure: {
        performance: of('performance'),
        accessibility: of('accessibility'),
        fcp: of('fcp'),
        lcp: of('lcp'),
        tbt: of('tbt'),
        cls: of('cls'),
      },
    });
  }

  const load = os.loadavg().map((value) => value.toFixed(1));
  console.log(
    `Lighthouse ${RUNS === 1 ? '(1 run)' : `(median of ${RUNS} runs)`}, mobile preset, simulated throttling, ${CHROMIUM}, ${os.cpus().length} cores, load ${load.join(' ')}:`,
  );
  const baseline = rows.find(({ name }) => name.startsWith('baseline'))?.measure;
  const baselineFcp = baseline?.fcp ?? Number.NaN;
  const baselineTbt = baseline?.tbt ?? Number.NaN;
  // Simulated throttling scales with the host's CPU: the bare page in the same run is what holds across machines. A floor
  // of 50 ms (Lighthouse's own threshold for one blocking task) keeps a bare page at 0–5 ms from asking for nothing.
  const tbtLimit = Math.max(2 * baselineTbt, TBT_FLOOR_MS);
  console.log('| page | performance | accessibility | FCP | LCP | TBT | TBT limit | CLS |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { name, measure: m } of rows) {
    const limit = name.startsWith('baseline') ? '–' : `${Math.round(tbtLimit)} ms`;
    console.log(
      `| ${name} | ${m.performance} | ${m.accessibility} | ${m.fcp.toFixed(1)} s | ${m.lcp.toFixed(1)} s | ${Math.round(m.tbt)} ms | ${limit} | ${m.cls.toFixed(3)} |`,
    );
  }
  const short = rows.filter(
    ({ name, measure: m }) =>
      !name.startsWith('baseline') &&
      ((baseline?.performance === 100 && m.performance < 98) || m.accessibility < 100 || m.fcp > baselineFcp || m.tbt > tbtLimit),
  );
  const targets = `performance >= 98 where the baseline scores 100, accessibility 100, FCP <= the baseline's ${baselineFcp.toFixed(1)} s, TBT <= max(2× the baseline's ${Math.round(baselineTbt)} ms, ${TBT_FLOOR_MS} ms)`;
  console.log(
    short.length === 0
      ? `Every app page meets the targets: ${targets}.`
      : `Below the targets (${targets}): ${short.map(({ name }) => name).join(', ')}.`,
  );
} finally {
  await cleanUp();
}
// Done: the builds' esbuild services would keep Node waiting.
process.exit(0);

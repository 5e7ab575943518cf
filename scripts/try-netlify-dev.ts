/**
 * `npm run try:netlify-dev`: tries `netlify dev --offline` as a Netlify
 * developer would type it (docs/local-stack.md, "netlify dev"). Uses
 * `netlify` from PATH, or installs netlify-cli 27 into /tmp/netlify-cli
 * (about 350 MB, never a project dependency); starts it in the repository,
 * waits for its port (8888, netlify.toml [dev]), fetches `/` and POSTs a demo
 * fiscal code to `/.netlify/functions/lookup-family`, looks the same family
 * up in Debian's Chromium on /campo-estivo, prints what it got,
 * then presses Ctrl-C (SIGINT to the process group, as a terminal does) and
 * checks that every process is gone and every port of the stack is free.
 * Exits 1 when a step fails. Not part of `npm test`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { rossiSessionCookie } from './bench/demo-session';

const ROOT = path.resolve(import.meta.dirname, '..');
const PREFIX = '/tmp/netlify-cli';
const NETLIFY_PORT = 8888;
/** netlify dev, Vite, Firestore, Auth and media emulators, the mail catcher's SMTP and inbox (the launcher's defaults). */
const STACK_PORTS = [NETLIFY_PORT, 5173, 8080, 9099, 9300, 1025, 1080];
const START_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[try-netlify-dev] ${line}`);

/** The netlify binary: from PATH, else from {@link PREFIX}, installed there if missing. */
function netlifyBinary(): string {
  if (spawnSync('netlify', ['--version'], { stdio: 'ignore' }).status === 0) return 'netlify';
  const local = path.join(PREFIX, 'node_modules', '.bin', 'netlify');
  if (!existsSync(local)) {
    log(`netlify is not on PATH: installing netlify-cli@27 into ${PREFIX} (a few minutes)`);
    const install = spawnSync('npm', ['install', '--prefix', PREFIX, 'netlify-cli@27', '--no-audit', '--no-fund'], { stdio: 'inherit' });
    if (install.status !== 0) throw new Error('npm install netlify-cli failed');
  }
  return local;
}

/**
 * A PATH where netlify dev finds Deno 2 (its edge-functions proxy starts one
 * even with no edge function, and downloads it from GitHub when none is on
 * PATH): the `deno` npm package is installed into {@link PREFIX} if needed.
 */
function pathWithDeno(): string {
  const bin = path.join(PREFIX, 'node_modules', '.bin');
  const withBin = `${bin}${path.delimiter}${process.env.PATH ?? ''}`;
  if (spawnSync('deno', ['--version'], { stdio: 'ignore', env: { ...process.env, PATH: withBin } }).status === 0) return withBin;
  log(`deno is not on PATH: installing the deno npm package into ${PREFIX}`);
  const install = spawnSync('npm', ['install', '--prefix', PREFIX, 'deno@^2.4.2', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (install.status !== 0) throw new Error('npm install deno failed');
  return withBin;
}

/** True when something accepts connections on 127.0.0.1:`port`. */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** True while a process of group `pgid` is alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens /campo-estivo in Debian's Chromium through `netlify dev` and looks a
 * demo family up, as a developer would: the page must render (netlify-cli
 * adds netlify.toml's headers to what it proxies, the dev server's policy
 * must win) and no Content Security Policy violation may be reported.
 * Returns the failures, logging what it saw.
 */
async function visitInChromium(base: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  const violations: string[] = [];
  try {
    const page = await browser.newPage();
    // The Rossi family's verified session, as the right access code leaves it: 'Trova' then needs no code. Sent as a
    // header: Playwright's addCookies makes a cookie for an http:// URL without Secure, which `__Host-` forbids.
    const session = await rossiSessionCookie();
    await page.setExtraHTTPHeaders({ cookie: `${session.name}=${session.value}` });
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    const started = Date.now();
    await page.goto(`${base}/campo-estivo`);
    await page.getByRole('heading', { name: /^Campo Estivo/ }).waitFor({ timeout: 60_000 });
    await page.getByLabel('Codice Fiscale Genitore').fill('RSSMRA80C12H501E');
    await page.getByLabel('Quota da Pagare').selectOption({ label: 'Acconto' });
    await page.getByLabel('Metodo di Pagamento').selectOption({ label: 'Bonifico' });
    await page.getByRole('button', { name: 'Trova' }).click();
    await page.getByRole('checkbox', { name: /Marco Rossi/ }).waitFor({ timeout: 60_000 });
    log(`Chromium: /campo-estivo rendered and found the Rossi children in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    log(`Chromium: Content Security Policy violations: ${violations.length === 0 ? 'none' : violations.join(' | ')}`);
    return violations.length === 0 ? [] : ['the page reported Content Security Policy violations'];
  } catch (error) {
    const seen = violations.length === 0 ? 'no CSP violation reported' : `CSP violations: ${violations.join(' | ')}`;
    return [`the page did not work in Chromium (${seen}): ${String(error).split('\n')[0]}`];
  } finally {
    await browser.close();
  }
}

/** The ports of {@link STACK_PORTS} something listens on. */
async function openStackPorts(): Promise<number[]> {
  return (await Promise.all(STACK_PORTS.map(async (port) => ((await portInUse(port)) ? port : null)))).filter(
    (port): port is number => port !== null,
  );
}

/**
 * The Firebase CLI's hub and logging ports are not the stack's own: another
 * stack on this machine (browser tests) may hold them. The variables moving
 * them to a spare port when taken (and not set already).
 */
async function movedFirebasePorts(): Promise<Record<string, string>> {
  const extraEnv: Record<string, string> = {};
  for (const [name, port, spare] of [
    ['FIREBASE_HUB_PORT', 4400, 4401],
    ['FIREBASE_LOGGING_PORT', 4500, 4501],
  ] as const) {
    if (!process.env[name] && (await portInUse(port))) {
      extraEnv[name] = String(spare);
      log(`port ${port} is taken: ${name}=${spare}`);
    }
  }
  return extraEnv;
}

/** A started `netlify dev`: its process group, and how it exited once it has (code or signal; null while running). */
interface NetlifyDev {
  pgid: number;
  state: { exited: number | string | null };
}

/**
 * Starts `netlify dev --offline` (with this script's extra arguments, e.g.
 * `-- --debug`) in a process group of its own, so Ctrl-C can be sent to all
 * of it; its output echoed indented.
 * @throws Error when it does not start.
 */
function startNetlifyDev(netlify: string, extraEnv: Record<string, string>): NetlifyDev {
  const extra = process.argv.slice(2).filter((arg) => arg !== '--');
  log(`netlify dev --offline ${extra.join(' ')}`.trim());
  const child = spawn(netlify, ['dev', '--offline', ...extra], {
    cwd: ROOT,
    detached: true, // a process group of its own, so Ctrl-C can be sent to all of it
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...extraEnv, PATH: pathWithDeno(), BROWSER: 'none', NETLIFY_TELEMETRY_DISABLED: '1' },
  });
  const pgid = child.pid;
  if (pgid === undefined) throw new Error('netlify dev did not start');
  const state: NetlifyDev['state'] = { exited: null };
  child.once('exit', (code, signal) => (state.exited = code ?? signal));
  const echo = (chunk: Buffer) => process.stdout.write(chunk.toString().replace(/^(?=.)/gm, '  | '));
  child.stdout.on('data', echo);
  child.stderr.on('data', echo);
  return { pgid, state };
}

/** Waits for {@link NETLIFY_PORT} to open: the failure when netlify dev exits first or {@link START_TIMEOUT_MS} passes, else null. */
async function waitForPort(dev: NetlifyDev, startedAt: number): Promise<string | null> {
  while (!(await portInUse(NETLIFY_PORT))) {
    if (dev.state.exited !== null) return `netlify dev exited (${dev.state.exited}) before serving port ${NETLIFY_PORT}`;
    if (Date.now() - startedAt > START_TIMEOUT_MS) return `port ${NETLIFY_PORT} not open after ${START_TIMEOUT_MS / 1000} s`;
    await sleep(500);
  }
  return null;
}

/** What netlify dev serves: `/` (the app), lookup-family for the Rossi family, and the page in Chromium; the failures. */
async function checkServing(dev: NetlifyDev, startedAt: number): Promise<string[]> {
  const failures: string[] = [];
  const base = `http://localhost:${NETLIFY_PORT}`;
  try {
    // netlify-cli opens its port before it serves: a request made then may hang, so each try gives up after 10 s.
    const getPage = () => fetch(`${base}/`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
    let page = await getPage();
    while ((!page || page.status !== 200) && dev.state.exited === null && Date.now() - startedAt < START_TIMEOUT_MS) {
      await sleep(1000);
      page = await getPage();
    }
    if (!page) throw new Error(`netlify dev stopped (${dev.state.exited}) before serving /`);
    log(`the app answered after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    const html = await page.text();
    const hasRoot = html.includes('id="root"');
    log(`GET / -> ${page.status}, ${html.length} bytes, app root element: ${hasRoot ? 'yes' : 'no'}`);
    if (page.status !== 200 || !hasRoot) failures.push('GET / did not serve the app');
    const session = await rossiSessionCookie();
    const lookup = await fetch(`${base}/.netlify/functions/lookup-family`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${session.name}=${session.value}` },
      body: JSON.stringify({ cf: 'RSSMRA80C12H501E' }),
    });
    const body = await lookup.text();
    log(`POST /.netlify/functions/lookup-family {cf: RSSMRA80C12H501E} -> ${lookup.status} ${body.slice(0, 300)}`);
    if (lookup.status !== 200 || !body.includes('Rossi')) failures.push('lookup-family did not find the Rossi family');
    failures.push(...(await visitInChromium(base)));
  } catch (error) {
    failures.push(`fetch failed: ${String(error)}`);
  }
  return failures;
}

/** Ctrl-C to the group, then waits up to {@link STOP_TIMEOUT_MS} for it to go: the failures (survivors, killed then; ports left open). */
async function stopAndCheck(pgid: number): Promise<string[]> {
  const failures: string[] = [];
  log('Ctrl-C (SIGINT to the process group)');
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGINT');
  const stopAt = Date.now();
  while (groupAlive(pgid) && Date.now() - stopAt < STOP_TIMEOUT_MS) await sleep(250);
  const survivors = groupAlive(pgid);
  const open = await openStackPorts();
  log(
    `after ${((Date.now() - stopAt) / 1000).toFixed(1)} s: processes left ${survivors ? 'yes' : 'none'}, ports still open: ${open.join(', ') || 'none'}`,
  );
  if (survivors) {
    failures.push('processes of netlify dev survived Ctrl-C (killed now)');
    process.kill(-pgid, 'SIGKILL');
  }
  if (open.length > 0) failures.push(`ports still open after Ctrl-C: ${open.join(', ')}`);
  return failures;
}

async function main(): Promise<number> {
  const busy = await openStackPorts();
  if (busy.length > 0) {
    log(`ports already in use: ${busy.join(', ')} (is \`npm run dev\` running?). Stop it first.`);
    return 1;
  }
  const extraEnv = await movedFirebasePorts();
  const netlify = netlifyBinary();
  const version = spawnSync(netlify, ['--version'], { encoding: 'utf8' }).stdout.trim();
  log(`${version} in ${ROOT}`);

  const dev = startNetlifyDev(netlify, extraEnv);
  const startedAt = Date.now();
  const notOpen = await waitForPort(dev, startedAt);
  const failures = notOpen ? [notOpen] : [];
  if (!notOpen) {
    log(`port ${NETLIFY_PORT} open after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    failures.push(...(await checkServing(dev, startedAt)));
  }
  failures.push(...(await stopAndCheck(dev.pgid)));

  for (const failure of failures) log(`FAILED: ${failure}`);
  log(failures.length === 0 ? 'netlify dev works' : `${failures.length} failure(s)`);
  return failures.length === 0 ? 0 : 1;
}

process.exitCode = await main();

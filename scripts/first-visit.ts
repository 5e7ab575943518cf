import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { proxy } from 'hono/proxy';
import { chromium, devices, type Browser, type CDPSession, type Page, type Response } from '@playwright/test';
import { build } from 'vite';
import { serveBuiltSite } from '../emulators/dev/netlify-site';
import { mailInbox } from '../tests/support/mail-inbox';

/**
 * The first visit as a phone makes it (docs/architecture.md, "First load"),
 * for `npm run size` and `npm run bench:first-input`: the built site served
 * as Netlify serves it (netlify.toml's redirects, the prerendered pages,
 * gzip), the functions proxied to a local stack, and Debian's Chromium on a
 * phone's profile.
 */

/** Chromium's path (`CHROMIUM_PATH`, else Debian's). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A phone: Playwright's Pixel 7 profile (viewport, touch, user agent). */
export const PHONE = devices['Pixel 7'];

/** A served build: its address and how to stop it. */
export interface ServedSite {
  url: string;
  close: () => Promise<void>;
}

/**
 * Serves the build in `dir` on a free port of localhost, gzipped, with
 * `/.netlify/functions/*` proxied to `functionsUrl` (a local stack's app),
 * or answered 503 when it is null.
 */
export async function serveSite(dir: string, functionsUrl: string | null): Promise<ServedSite> {
  const app = new Hono();
  app.use('*', compress());
  app.all('/.netlify/functions/*', (c) => {
    if (!functionsUrl) return c.json({ error: 'Servizio non disponibile.' }, 503);
    const { pathname, search } = new URL(c.req.url);
    return proxy(`${functionsUrl}${pathname}${search}`, { raw: c.req.raw });
  });
  serveBuiltSite(app, dir);
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: app.fetch, port: 0, hostname: 'localhost' }, () => resolve(started));
  });
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headless Debian Chromium, as the browser tests start it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** One script the page requested: its address and the bytes that crossed the wire (gzip). */
export interface RequestedScript {
  url: string;
  bytes: number;
}

/** Collects the scripts `page` requests from now on, until `stop` is called. */
export function collectScripts(page: Page): { stop: () => Promise<RequestedScript[]> } {
  const pending: Promise<RequestedScript | null>[] = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    pending.push(
      response
        .request()
        .sizes()
        .then((sizes) => ({ url: url.pathname, bytes: sizes.responseBodySize }))
        .catch(() => null),
    );
  };
  page.on('response', onResponse);
  return {
    stop: async () => {
      page.off('response', onResponse);
      return (await Promise.all(pending)).filter((script): script is RequestedScript => script !== null);
    },
  };
}

/**
 * Does what the parent of `cf` does on /campo-estivo after the page is in:
 * types the fiscal code, picks 'Acconto' and 'Bonifico', presses 'Trova',
 * reads the code e-mailed to `email` in the stack's inbox (`mailWebUrl`),
 * types it, presses 'Conferma', and waits for the children.
 */
export async function findFamily(page: Page, { cf, email, mailWebUrl }: { cf: string; email: string; mailWebUrl: string }): Promise<void> {
  const inbox = mailInbox(mailWebUrl);
  await inbox.clear();
  await page.getByLabel('Codice Fiscale Genitore').pressSequentially(cf);
  await page.getByLabel('Quota da Pagare', { exact: true }).selectOption('Acconto');
  await page.getByLabel('Metodo di Pagamento', { exact: true }).selectOption('Bonifico');
  await page.getByRole('button', { name: 'Trova' }).click();
  const message = await inbox.waitFor((mail) => mail.to.includes(email) && mail.subject === 'Il tuo codice di accesso');
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in the message to ${email}`);
  await page.getByLabel('Codice di verifica').fill(code);
  await page.getByRole('button', { name: 'Conferma' }).click();
  await page.getByRole('checkbox').first().waitFor({ timeout: 30_000 });
}

/**
 * A benchmark's `--runs N`: how many times it measures, `fallback` when not given.
 * @throws Error unless a whole number from 1.
 */
export function runsOption(fallback: number): number {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: String(fallback) } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number from 1, not '${values.runs}'`);
  return runs;
}

/** One run on a slowed phone: its page, the DevTools session on it, the served site's address, the run's number from 1. */
export interface PhoneRun {
  page: Page;
  cdp: CDPSession;
  siteUrl: string;
  run: number;
}

/**
 * Builds the app into a temporary folder, serves it (no functions), starts
 * Chromium and calls `measure` `runs` times, each on a fresh page of
 * {@link PHONE} with the CPU `slowdown` times slower; then stops and
 * deletes everything.
 */
export async function onSlowPhone(runs: number, slowdown: number, measure: (run: PhoneRun) => Promise<void>): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'slow-phone-'));
  try {
    console.log('Building the app…');
    await build({ logLevel: 'error', build: { outDir: path.join(work, 'dist'), emptyOutDir: true, sourcemap: false } });
    const site = await serveSite(path.join(work, 'dist'), null);
    const browser = await launchChromium();
    try {
      for (let run = 1; run <= runs; run++) {
        const context = await browser.newContext({ ...PHONE });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
        await measure({ page, cdp, siteUrl: site.url, run });
        await context.close();
      }
    } finally {
      await browser.close();
      await site.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

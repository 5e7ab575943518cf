import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { proxy } from 'hono/proxy';
import { build } from 'vite';
import { readStackSettings, type StackSettings } from '../../emulators/dev/settings';
import { browserEnvironment, mediaEmulatorUrl } from '../../emulators/dev/stack-environment';
import { serveBuiltSite } from '../../emulators/dev/netlify-site';
import { allowSources, formatCsp, headersFor, sitePolicy } from '../../emulators/dev/netlify-headers';
import { E2E_PORTS } from './ports';

/**
 * The production build of the app, served as Netlify serves it: what the
 * browser tests visit (tests/e2e/serve-built-app.ts). It loads like the
 * published site (a few bundled chunks instead of the dev server's hundreds
 * of modules) and carries the production Content-Security-Policy, which the
 * dev server cannot (it injects inline scripts).
 *
 * The build is configured like `npm run dev` configures Vite
 * (emulators/dev.ts): local mode, talking to the e2e stack's emulators; the
 * functions are proxied to the e2e stack (playwright.config.ts), which must
 * be running.
 */

/** The e2e stack's settings (playwright.config.ts passes the same ports to the launcher). */
const E2E_STACK: StackSettings = {
  ...readStackSettings({}),
  appPort: E2E_PORTS.app,
  firestorePort: E2E_PORTS.firestore,
  authPort: E2E_PORTS.auth,
  mediaPort: E2E_PORTS.media,
  mailSmtpPort: E2E_PORTS.mailSmtp,
  mailWebPort: E2E_PORTS.mailWeb,
};

/**
 * The VITE_* variables of the build: the e2e stack's emulators, no Stripe
 * (as `emulators/dev.ts --no-env-file` gives the dev server). Every variable
 * src/config/env.ts reads is set, so a developer's `.env` changes nothing.
 */
function buildEnv(): Record<string, string> {
  return { ...browserEnvironment(E2E_STACK), VITE_STRIPE_PUBLISHABLE_KEY: '' };
}

/**
 * Runs `vite build` (vite.config.ts) into `outDir` with {@link buildEnv}.
 * Takes 30-60 s on 2 cores. `process.env` is restored afterwards.
 */
async function buildApp(outDir: string, envDir: string): Promise<void> {
  const env = buildEnv();
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    await build({
      configFile: path.resolve(import.meta.dirname, '../../vite.config.ts'),
      // A folder with no .env file: the variables above are the whole configuration.
      envDir,
      logLevel: 'warn',
      // Source maps change nothing the browser runs; skipping them saves build time.
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/**
 * The headers netlify.toml gives every page ("/*"), with ONE local-only
 * change: connect-src also allows the e2e stack's emulators (Auth,
 * Firestore, media), which the local build talks to instead of Google's and
 * Cloudinary's hosts. The production policy never allows localhost; every
 * other directive and header is the file's, unchanged.
 */
export function localHeaders(): Record<string, string> {
  const csp = sitePolicy();
  allowSources(csp, 'connect-src', [
    `http://${E2E_STACK.host}:${E2E_STACK.authPort}`,
    `http://${E2E_STACK.host}:${E2E_STACK.firestorePort}`,
    mediaEmulatorUrl(E2E_STACK),
  ]);
  return { ...headersFor('/*'), 'Content-Security-Policy': formatCsp(csp) };
}

/** A running built app: its base URL, the headers it sends, and how to stop it. */
export interface BuiltApp {
  /** e.g. http://localhost:41234 (no trailing slash). */
  url: string;
  headers: Record<string, string>;
  /** Stops the server and deletes the build. */
  close: () => Promise<void>;
}

/**
 * Builds the app into a temporary folder and serves it on `port` of
 * localhost (0: a free one), like Netlify: netlify.toml's redirects, a file
 * or a prerendered page when one matches, else the app without a page
 * (emulators/dev/netlify-site.ts), `/.netlify/functions/*`
 * proxied to the e2e stack's app port, and {@link localHeaders} on every
 * response.
 */
export async function startBuiltApp(port = 0): Promise<BuiltApp> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'scout-portal-built-'));
  const outDir = path.join(dir, 'dist');
  try {
    await buildApp(outDir, dir);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const headers = localHeaders();
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    const response = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    c.res = response;
  });
  app.all('/.netlify/functions/*', (c) => {
    const { pathname, search } = new URL(c.req.url);
    return proxy(`http://localhost:${E2E_PORTS.app}${pathname}${search}`, { raw: c.req.raw });
  });
  serveBuiltSite(app, outDir);

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: 'localhost', port }, () => resolve(started));
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${bound}`,
    headers,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

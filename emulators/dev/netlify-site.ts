import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { parse } from 'smol-toml';
import { z } from 'zod';
import { NETLIFY_TOML } from './netlify-headers';

/**
 * The built site served the way Netlify serves it with netlify.toml's
 * `[[redirects]]`, for the browser tests' server (tests/e2e/built-app.ts) and
 * `npm run lighthouse`: what the prerendered pages (docs/architecture.md,
 * "First load") need to be found at their addresses.
 */

const redirectsFileSchema = z.object({
  redirects: z.array(z.object({ from: z.string(), to: z.string(), status: z.number().int() })),
});

/** One `[[redirects]]` rule: an address (`/*` for any), where it goes, and the status (301/302 a redirect, 200 a rewrite). */
export type RedirectRule = z.infer<typeof redirectsFileSchema>['redirects'][number];

/**
 * Every `[[redirects]]` rule of `file` (netlify.toml by default), in file order.
 * @throws when the file is not TOML or has no valid `[[redirects]]`.
 */
export function readRedirectRules(file: string = NETLIFY_TOML): RedirectRule[] {
  return redirectsFileSchema.parse(parse(readFileSync(file, 'utf8'))).redirects;
}

/**
 * Adds to `app` the routes serving the built site in `dir` as Netlify does:
 * an exact address with a 301/302 rule is redirected; then a file, a
 * folder's index.html, or `{address}.html` (/campo-estivo → campo-estivo.html)
 * is served; any other address gets the `/*` rule's 200 target (the app
 * without a page). Other kinds of rules are not served.
 * @throws when `file` has no `/*` rule with status 200.
 */
export function serveBuiltSite(app: Hono, dir: string, file: string = NETLIFY_TOML): void {
  const rules = readRedirectRules(file);
  const fallback = rules.find((rule) => rule.from === '/*' && rule.status === 200);
  if (!fallback) throw new Error(`${file} has no "/*" rule with status 200 for the single-page app`);
  for (const { from, to, status } of rules) {
    if (!from.includes('*') && (status === 301 || status === 302)) app.get(from, (c) => c.redirect(to, status));
  }
  app.use('*', serveStatic({ root: dir }));
  app.get('*', serveStatic({ root: dir, rewriteRequestPath: (requestPath) => `${requestPath.replace(/\/$/, '')}.html` }));
  app.get('*', serveStatic({ path: path.join(dir, fallback.to) }));
}

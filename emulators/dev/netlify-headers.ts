import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { z } from 'zod';

/**
 * The `[[headers]]` rules of netlify.toml, read the way Netlify reads them
 * (docs/security.md, "Headers"), for the unit test that checks the policy,
 * the browser test's static server, which sends exactly these headers, and
 * the dev server's own policy ({@link developmentCsp}).
 */

/** The site's netlify.toml. */
export const NETLIFY_TOML = path.resolve(import.meta.dirname, '../../netlify.toml');

const headersFileSchema = z.object({
  headers: z
    .array(z.object({ for: z.string(), values: z.record(z.string(), z.string()) }))
    .optional()
    .default([]),
});

/** One `[[headers]]` rule: a path pattern and the header values Netlify adds to its responses. */
export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

/**
 * Every `[[headers]]` rule of `file` (netlify.toml by default), in file order.
 * @throws when the file is not TOML or a rule has a non-string value.
 */
export function readHeaderRules(file: string = NETLIFY_TOML): HeaderRule[] {
  return headersFileSchema.parse(parse(readFileSync(file, 'utf8'))).headers;
}

/**
 * The header values of the rule whose `for` is exactly `pattern` (e.g. "/*").
 * @throws when netlify.toml has no such rule.
 */
export function headersFor(pattern: string, file: string = NETLIFY_TOML): Record<string, string> {
  const rule = readHeaderRules(file).find((candidate) => candidate.for === pattern);
  if (!rule) throw new Error(`netlify.toml has no [[headers]] rule for "${pattern}"`);
  return rule.values;
}

/**
 * A Content-Security-Policy value as directive name (lower case) -> its
 * sources, in order. A directive without sources (upgrade-insecure-requests)
 * maps to [].
 */
export type Csp = Map<string, string[]>;

/** Splits a Content-Security-Policy header value into its directives. */
export function parseCsp(value: string): Csp {
  const csp: Csp = new Map();
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    if (name) csp.set(name.toLowerCase(), sources);
  }
  return csp;
}

/** Writes `csp` back as a header value ("name source source; name ..."). */
export function formatCsp(csp: Csp): string {
  return [...csp].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/**
 * The Content-Security-Policy netlify.toml gives every page ("/*"), parsed.
 * @throws when netlify.toml sets none.
 */
export function sitePolicy(file: string = NETLIFY_TOML): Csp {
  const policy = headersFor('/*', file)['Content-Security-Policy'];
  if (!policy) throw new Error('netlify.toml sets no Content-Security-Policy for "/*"');
  return parseCsp(policy);
}

/** Appends `sources` to `directive` of `csp` (creating it when absent). */
export function allowSources(csp: Csp, directive: string, sources: string[]): void {
  csp.set(directive, [...(csp.get(directive) ?? []), ...sources]);
}

/**
 * The dev server's Content-Security-Policy (docs/security.md, "In
 * development"): netlify.toml's policy for "/*" with only what a Vite dev
 * server on the local stack needs added. Inline scripts and styles (React's
 * refresh preamble; Vite injects CSS as `<style>` elements), any port of
 * localhost and 127.0.0.1 over http and ws (the emulators, Vite's HMR
 * socket, `netlify dev`'s 8888), and no `upgrade-insecure-requests` (the
 * local stack is plain http). Every other source and directive is the
 * production one, so a third-party origin the app starts using fails in
 * development too.
 * @throws when netlify.toml sets no Content-Security-Policy for "/*".
 */
export function developmentCsp(file: string = NETLIFY_TOML): string {
  const csp = sitePolicy(file);
  allowSources(csp, 'script-src', ["'unsafe-inline'"]);
  allowSources(csp, 'style-src', ["'unsafe-inline'"]);
  allowSources(csp, 'connect-src', ['http://localhost:*', 'http://127.0.0.1:*', 'ws://localhost:*', 'ws://127.0.0.1:*']);
  csp.delete('upgrade-insecure-requests');
  return formatCsp(csp);
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { z } from 'zod';

/**
 * The `[[headers]]` rules of netlify.toml, read the way Netlify reads them
 * (docs/security.md, "Headers"), for the unit test that checks the policy and
 * for the browser test's static server, which sends exactly these headers.
 */

const NETLIFY_TOML = path.resolve(import.meta.dirname, '../../netlify.toml');

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

import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * `.env` as `npm run setup` writes it: the variables it owns
 * ({@link OWNED_VARIABLES}, the eighteen a launch copies by hand without
 * it: docs/deploy.md) set, every other line a developer has kept as it is.
 */
export const OWNED_VARIABLES = [
  'FIREBASE_PROJECT_ID',
  'FIREBASE_CLIENT_EMAIL',
  'FIREBASE_PRIVATE_KEY',
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
  'VITE_STRIPE_PUBLISHABLE_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'CLOUDINARY_CLOUD_NAME',
  'CLOUDINARY_API_KEY',
  'CLOUDINARY_API_SECRET',
  'CLOUDINARY_UPLOAD_PRESET',
  'SITE_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'SESSION_SECRET',
] as const;

/** Local-stack values setup writes to `.env` only (never to Netlify: docs/deploy.md, "The variables"). */
export const LOCAL_ONLY_VARIABLES = ['CLOUDINARY_API_URL'] as const;

/** The variables of `file` (empty when it does not exist). */
export function readEnvFile(file: string): Record<string, string> {
  return existsSync(file) ? (parseEnv(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

/**
 * One `KEY=value` line that node:util's parseEnv reads back as `value`:
 * plain when nothing needs quoting, double quotes for new lines (written
 * `\n`), single quotes for a value holding a double quote.
 * @throws Error for a value with both a new line and a double quote (no quoting keeps both).
 */
export function envLine(key: string, value: string): string {
  if (/^[\w.:/@%+,=-]*$/.test(value)) return `${key}=${value}`;
  if (value.includes('\n')) {
    if (value.includes('"')) throw new Error(`${key}: a value with a new line and a double quote cannot be written to .env`);
    return `${key}="${value.replace(/\r?\n/g, '\\n')}"`;
  }
  if (value.includes('"')) return `${key}='${value}'`;
  return `${key}="${value}"`;
}

/**
 * The text of `.env` with `values` set: a key already there is replaced on
 * its own line (a blank one from .env.example filled in), a new key appended
 * under a comment; every other line kept. Returns the text and the keys
 * whose value changed.
 */
export function mergeEnv(text: string, values: Readonly<Record<string, string>>): { text: string; changed: string[] } {
  const current = parseEnv(text);
  const changed = Object.keys(values).filter((key) => current[key] !== values[key]);
  if (changed.length === 0) return { text, changed };
  const pending = new Set(changed);
  const lines = text.split('\n').map((line) => {
    const key = /^\s*(?:export\s+)?([A-Za-z_][\w]*)\s*=/.exec(line)?.[1];
    if (!key || !pending.has(key)) return line;
    pending.delete(key);
    return envLine(key, values[key] ?? '');
  });
  const appended = [...pending].map((key) => envLine(key, values[key] ?? ''));
  const body = lines.join('\n').replace(/\n*$/, '');
  const tail = appended.length ? `${body ? '\n\n' : ''}# Set by npm run setup\n${appended.join('\n')}` : '';
  return { text: `${body}${tail}\n`, changed };
}

/** Writes `values` into `file` (see {@link mergeEnv}) through a temporary file; returns the keys changed. */
export function writeEnvFile(file: string, values: Readonly<Record<string, string>>): string[] {
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const { text, changed } = mergeEnv(before, values);
  if (changed.length === 0) return changed;
  const temporary = `${file}.setup-tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, file);
  return changed;
}

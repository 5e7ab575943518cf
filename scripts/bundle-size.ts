/**
 * `npm run size`: builds the app and prints the gzip size of the JavaScript
 * a first visit to /campo-estivo loads (the entry chunk and its static
 * imports; lazily loaded chunks such as Stripe, the fiscal-code library and
 * other routes are listed apart). A measurement, not a test.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

execSync('npx vite build --manifest', { stdio: 'ignore' });
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, ManifestChunk>;
const gzipKb = (file: string) => gzipSync(readFileSync(`dist/${file}`)).length / 1024;

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('No entry chunk in the Vite manifest');
const initial = new Set<string>();
const visit = (key: string) => {
  if (initial.has(key)) return;
  initial.add(key);
  for (const imported of manifest[key]?.imports ?? []) visit(imported);
};
visit(entryKey);

let total = 0;
console.log('JavaScript loaded by a first visit to /campo-estivo (gzip):');
for (const key of initial) {
  const file = manifest[key]?.file ?? key;
  const size = gzipKb(file);
  total += size;
  console.log(`  ${size.toFixed(1).padStart(7)} kB  ${file}`);
}
console.log(`  ${total.toFixed(1).padStart(7)} kB  total`);
console.log('Loaded later, on demand (gzip):');
for (const [key, chunk] of Object.entries(manifest)) {
  if (initial.has(key) || !chunk.file.endsWith('.js')) continue;
  console.log(`  ${gzipKb(chunk.file).toFixed(1).padStart(7)} kB  ${chunk.file}`);
}

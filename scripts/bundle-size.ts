/**
 * `npm run size`: builds the app and prints the gzip size of the JavaScript a first visit to /campo-estivo loads,
 * against the first-load budget (docs/architecture.md, "First load": 120 kB), with what makes it up (packages and our code), then
 * every chunk loaded later, named by what it is ("admin route", "Stripe checkout", "fiscal-code validation"…),
 * and last each Netlify function's zip as Netlify's build makes it (scripts/function-bundles.ts; limit 50 MB).
 *
 * The first visit is the entry chunk and its static imports, the app's start that the entry imports after the first
 * paint (src/app/start.tsx) and its static imports, plus the /campo-estivo route's chunk and its static
 * imports when src/app/router.tsx loads that route lazily (the route module then is a dynamic entry of the
 * manifest). A measurement, not a test: it never fails on the budget. Sizes in kB (1024 bytes), gzip at zlib's default level.
 */
import { functionBundlesTable, measureFunctionBundles } from './function-bundles';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest, type Plugin } from 'vite';

/** The first-load budget (docs/architecture.md, "First load"), in kB gzip. */
const BUDGET_KB = 120;
/** The module of the /campo-estivo route (src/app/router.tsx). */
const CAMPO_ESTIVO_ROUTE = 'src/app/routes/CampoEstivoRoute.tsx';
const OUT_DIR = 'dist';
/** The app's start (React, the router, the routes), loaded by the entry after the first paint (src/main.tsx). */
const APP_START = 'src/app/start.tsx';

/** What a chunk's source module is, for people: the later chunks a visit may load. */
const CHUNK_NAMES: Record<string, string> = {
  'src/app/routes/AdminRoute.tsx': 'admin route (gate, login, shell)',
  'src/features/admin/shell/admin-auth.ts': 'admin: sign-in calls',
  'src/features/admin/payments/OrdersList.tsx': 'admin: Pagamenti list',
  'src/features/admin/enrolment/EnrolmentStatus.tsx': 'admin: Situazione iscritti',
  'src/features/checkout/CheckoutPanel.tsx': 'Stripe checkout panel',
  'node_modules/@stripe/stripe-js/pure/index.mjs': 'Stripe.js loader',
  'src/features/checkout/PaymentSuccess.tsx': '/payment-success page',
  'src/domain/fiscal-code.ts': 'fiscal-code validation (codice-fiscale-js)',
  'src/features/family-lookup/lookup-resolver.ts': 'lookup form validation',
  'src/app/routes/MerchandiseRoute.tsx': 'Felpa / Maglietta routes',
  'src/app/routes/SchedaMedicaRoute.tsx': 'Scheda medica route',
  'src/app/routes/BankTransferRoute.tsx': 'Bonifico page',
  'src/app/routes/PagamentoRoute.tsx': '/pagamento route',
  [CAMPO_ESTIVO_ROUTE]: 'Campo Estivo route',
  [APP_START]: 'the app (after the first paint)',
  'src/prerender.tsx': 'build-time prerendering (no browser loads it)',
  'node_modules/react-dom/static.edge.js': 'build-time prerendering: react-dom/static (no browser loads it)',
};

/** Rendered bytes per source module of each output chunk, collected while Rollup writes the bundle. */
const modulesByFile = new Map<string, Map<string, number>>();
const collectModules: Plugin = {
  name: 'collect-chunk-modules',
  apply: 'build',
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      const modules = new Map<string, number>();
      for (const [id, info] of Object.entries(output.modules)) modules.set(id, info.renderedLength);
      modulesByFile.set(output.fileName, modules);
    }
  },
};

await build({ logLevel: 'error', build: { manifest: true, outDir: OUT_DIR }, plugins: [collectModules] });
const manifest = JSON.parse(readFileSync(`${OUT_DIR}/.vite/manifest.json`, 'utf8')) as Manifest;

const gzipKb = (file: string) => gzipSync(readFileSync(`${OUT_DIR}/${file}`)).length / 1024;
const kb = (size: number) => `${size.toFixed(1).padStart(7)} kB`;

/** What a module is part of: an npm package ('react-dom', '@firebase/auth') or 'our code'. */
function owner(moduleId: string): string {
  const normalized = moduleId.replaceAll('\\', '/');
  const at = normalized.lastIndexOf('/node_modules/');
  if (at < 0) return normalized.startsWith('\0') ? 'bundler helpers' : 'our code (src/)';
  const [scope = '', name = ''] = normalized.slice(at + '/node_modules/'.length).split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}

/** The packages in a chunk, biggest first, with their share of the chunk's gzip size (estimated by rendered bytes). */
function contents(file: string): { owner: string; kb: number }[] {
  const modules = modulesByFile.get(file);
  if (!modules) return [];
  const byOwner = new Map<string, number>();
  for (const [id, length] of modules) byOwner.set(owner(id), (byOwner.get(owner(id)) ?? 0) + length);
  const rendered = [...byOwner.values()].reduce((sum, length) => sum + length, 0) || 1;
  const size = gzipKb(file);
  return [...byOwner]
    .map(([name, length]) => ({ owner: name, kb: (size * length) / rendered }))
    .filter((part) => part.kb >= 0.05)
    .sort((a, b) => b.kb - a.kb);
}

/** A chunk by what it is: its source module's name, or for a shared chunk what it holds and who imports it. */
function describe(key: string): string {
  const chunk = manifest[key];
  if (!chunk) return key;
  if (chunk.src && CHUNK_NAMES[chunk.src]) return CHUNK_NAMES[chunk.src] ?? chunk.src;
  if (chunk.src) return chunk.src;
  const users = Object.entries(manifest)
    .filter(([, other]) => other.imports?.includes(key) && other.src)
    .map(([, other]) => (other.src && CHUNK_NAMES[other.src]) ?? other.src ?? other.name ?? '');
  const packages = contents(chunk.file)
    .slice(0, 3)
    .map((part) => part.owner)
    .join(', ');
  const usedBy = users.length > 3 ? `${users.slice(0, 3).join(', ')} and ${users.length - 3} more` : users.join(', ');
  return `shared '${chunk.name ?? key}' [${packages}] for ${usedBy || 'other chunks'}`;
}

const staticClosure = (key: string, into: Set<string>) => {
  if (into.has(key) || !manifest[key]) return;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, into);
};

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('No entry chunk in the Vite manifest');
const firstVisit = new Set<string>();
staticClosure(entryKey, firstVisit);
// The app itself: the entry imports it once the prerendered page is painted (src/main.tsx).
if (manifest[APP_START]?.isDynamicEntry) staticClosure(APP_START, firstVisit);
const lazyRoute = manifest[CAMPO_ESTIVO_ROUTE]?.isDynamicEntry;
if (lazyRoute) staticClosure(CAMPO_ESTIVO_ROUTE, firstVisit);

let total = 0;
console.log(`JavaScript loaded by a first visit to /campo-estivo (gzip)${lazyRoute ? ', the lazy route chunk included' : ''}:`);
const firstVisitParts = new Map<string, number>();
for (const key of firstVisit) {
  const chunk = manifest[key];
  if (!chunk?.file.endsWith('.js')) continue;
  const size = gzipKb(chunk.file);
  total += size;
  console.log(`  ${kb(size)}  ${chunk.file}  (${key === entryKey ? 'entry' : describe(key)})`);
  for (const part of contents(chunk.file)) firstVisitParts.set(part.owner, (firstVisitParts.get(part.owner) ?? 0) + part.kb);
}
console.log(
  `  ${kb(total)}  total, budget ${BUDGET_KB} kB: ${total <= BUDGET_KB ? 'within' : `${(total - BUDGET_KB).toFixed(1)} kB over`}`,
);
const css = [...firstVisit].flatMap((key) => manifest[key]?.css ?? []);
if (css.length > 0) console.log(`  (and ${css.map((file) => kb(gzipKb(file)).trim()).join(' + ')} of CSS)`);
console.log('  made of (estimated from rendered bytes):');
for (const [name, size] of [...firstVisitParts].sort((a, b) => b[1] - a[1])) {
  if (size >= 0.5) console.log(`    ${kb(size)}  ${name}`);
}

// What the first 'Trova' loads beyond the first visit: the modules FamilyLookupForm imports on the first edit and
// after the answer (the lookup's and the access code's contracts, the code step, 'Esci', 'Le tue ricevute').
const LOOKUP_MODULES = [
  'src/features/family-lookup/api/lookup-contracts.ts',
  'src/features/family-lookup/AccessCodeStep.tsx',
  'src/features/family-lookup/EndSession.tsx',
  'src/features/receipts/FamilyReceipts.tsx',
];
const lookupChunks = new Set<string>();
for (const module of LOOKUP_MODULES) staticClosure(module, lookupChunks);
const lookupExtra = [...lookupChunks].filter((key) => !firstVisit.has(key) && manifest[key]?.file.endsWith('.js'));
const lookupTotal = lookupExtra.reduce((sum, key) => sum + gzipKb(manifest[key]?.file ?? ''), 0);
console.log(`JavaScript from the first keystroke to the children shown, beyond the first visit (gzip): ${kb(lookupTotal).trim()}`);
for (const key of lookupExtra) console.log(`  ${kb(gzipKb(manifest[key]?.file ?? ''))}  ${describe(key)}`);

console.log('Loaded later, on demand (gzip):');
const later = Object.entries(manifest)
  .filter(([key, chunk]) => !firstVisit.has(key) && chunk.file.endsWith('.js'))
  .map(([key, chunk]) => ({ key, file: chunk.file, size: gzipKb(chunk.file) }))
  .sort((a, b) => b.size - a.size);
for (const chunk of later) console.log(`  ${kb(chunk.size)}  ${describe(chunk.key)}  (${path.basename(chunk.file)})`);

console.log('\nNetlify functions as zip-it-and-ship-it bundles them (limit 50 MB each; cold load in a bare node process):');
console.log(functionBundlesTable(await measureFunctionBundles()));

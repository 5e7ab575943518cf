/**
 * `npm run size` (docs/architecture.md, "First load"; docs/benchmarks.md): what a phone downloads. Builds the app,
 * serves it as Netlify does (scripts/first-visit.ts: gzip, the prerendered pages, the functions proxied to a local
 * stack with the demo data) and opens /campo-estivo in headless Chromium on a phone's profile:
 * - the first visit: every script the page requests until the network is idle;
 * - the first 'Trova': every script requested from the first keystroke until the children are shown (the Rossi
 *   parent's fiscal code, the code e-mailed to the stack's inbox typed in, 'Conferma').
 * Each script is named by what it holds (packages and our code, from the build's modules). Exits 1 when the first visit
 * passes {@link FIRST_VISIT_BUDGET_KB} or the first 'Trova' {@link FIRST_TROVA_BUDGET_KB}. Then the chunks no visit
 * above loaded, and each Netlify function's zip (scripts/function-bundles.ts; limit 50 MB).
 * Sizes in KB (1024 bytes) as they crossed the wire (gzip).
 *
 *   npm run size
 *
 * BENCH_PORT_OFFSET moves the stack's ports (default 70).
 */
import { functionBundlesTable, measureFunctionBundles } from './function-bundles';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest, type Plugin } from 'vite';
import { DEMO_FAMILIES } from '../emulators/seed/demo-data';
import { startStack } from './bench/stack';
import { collectScripts, findFamily, launchChromium, PHONE, serveSite, type RequestedScript } from './first-visit';

/** The first visit's budget, in KB gzip as requested by the browser. */
const FIRST_VISIT_BUDGET_KB = 110;
/** The first 'Trova''s budget beyond the first visit, in KB gzip. */
const FIRST_TROVA_BUDGET_KB = 20;
const OUT_DIR = 'dist';
const STACK_OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 70);

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
  'src/app/routes/ProductRoute.tsx': "a product's page (Campo Estivo, Felpa, Maglietta)",
  'src/app/routes/GenericProductRoute.tsx': "a season product's page",
  'src/app/routes/SchedaMedicaRoute.tsx': 'Scheda medica route',
  'src/app/routes/ProductTransferRoute.tsx': 'Bonifico page',
  'src/app/routes/PagamentoRoute.tsx': '/pagamento route',
  'src/app/start.tsx': 'the app (after the first paint)',
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

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));

/** What the browser requested, listed with what each script is, and its total in KB. */
function report(title: string, scripts: RequestedScript[], budget: number): number {
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0) / 1024;
  console.log(
    `${title}: ${kb(total).trim()} in ${scripts.length} scripts, budget ${budget} KB: ${total <= budget ? 'within' : `${(total - budget).toFixed(1)} KB over`}`,
  );
  const parts = new Map<string, number>();
  for (const script of [...scripts].sort((a, b) => b.bytes - a.bytes)) {
    const key = keyOfFile.get(script.url);
    console.log(`  ${kb(script.bytes / 1024)}  ${script.url}  (${key === entryKey ? 'entry' : key ? describe(key) : '?'})`);
    const chunk = key ? manifest[key] : undefined;
    for (const part of chunk ? contents(chunk.file) : []) parts.set(part.owner, (parts.get(part.owner) ?? 0) + part.kb);
  }
  console.log('  made of (estimated from rendered bytes):');
  for (const [name, size] of [...parts].sort((a, b) => b[1] - a[1])) if (size >= 0.5) console.log(`    ${kb(size)}  ${name}`);
  return total;
}

const rossi = DEMO_FAMILIES.find((family) => family.id === 'family-rossi')?.parents[0];
if (!rossi?.email) throw new Error('the demo data has no Rossi parent with an e-mail');
console.log(`Starting a local stack for the functions (port offset ${STACK_OFFSET})…`);
const stack = await startStack(STACK_OFFSET, false);
const site = await serveSite(OUT_DIR, stack.appUrl);
const browser = await launchChromium();
const loaded = new Set<string>();
let overBudget = false;
try {
  const page = await (await browser.newContext({ ...PHONE })).newPage();
  const firstVisit = collectScripts(page);
  await page.goto(`${site.url}/campo-estivo`, { waitUntil: 'networkidle' });
  const visitScripts = await firstVisit.stop();
  const trova = collectScripts(page);
  await findFamily(page, { cf: rossi.cf, email: rossi.email, mailWebUrl: `http://localhost:${stack.settings.mailWebPort}` });
  await page.waitForLoadState('networkidle');
  const trovaScripts = (await trova.stop()).filter((script) => !visitScripts.some((visited) => visited.url === script.url));
  for (const script of [...visitScripts, ...trovaScripts]) loaded.add(script.url);
  const visitKb = report(
    'JavaScript of a first visit to /campo-estivo, as requested until the network is idle',
    visitScripts,
    FIRST_VISIT_BUDGET_KB,
  );
  const trovaKb = report(
    "JavaScript from the first keystroke to the children shown (the first 'Trova', code step included)",
    trovaScripts,
    FIRST_TROVA_BUDGET_KB,
  );
  overBudget = visitKb > FIRST_VISIT_BUDGET_KB || trovaKb > FIRST_TROVA_BUDGET_KB;
} finally {
  await browser.close();
  await site.close();
  await stack.stop();
}
const css = Object.values(manifest).find((chunk) => chunk.isEntry)?.css ?? [];
if (css.length > 0) console.log(`(and ${css.map((file) => kb(gzipKb(file)).trim()).join(' + ')} of CSS on every page)`);

console.log('Loaded later, on demand (gzip):');
const later = Object.entries(manifest)
  .filter(([, chunk]) => !loaded.has(`/${chunk.file}`) && chunk.file.endsWith('.js'))
  .map(([key, chunk]) => ({ key, file: chunk.file, size: gzipKb(chunk.file) }))
  .sort((a, b) => b.size - a.size);
for (const chunk of later) console.log(`  ${kb(chunk.size)}  ${describe(chunk.key)}  (${path.basename(chunk.file)})`);

console.log('\nNetlify functions as zip-it-and-ship-it bundles them (limit 50 MB each; cold load in a bare node process):');
console.log(functionBundlesTable(await measureFunctionBundles()));
if (overBudget)
  console.log(`\nOver budget: first visit at most ${FIRST_VISIT_BUDGET_KB} KB, first 'Trova' at most ${FIRST_TROVA_BUDGET_KB} KB.`);
// Done: the build's esbuild service and the HTTP clients' idle sockets would keep Node waiting.
process.exit(overBudget ? 1 : 0);

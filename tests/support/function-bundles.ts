import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipFunctions, type Config, type FunctionConfig } from '@netlify/zip-it-and-ship-it';
import extractZip from 'extract-zip';
import { parse as parseToml } from 'smol-toml';

/**
 * The Netlify functions as Netlify's build ships them (docs/benchmarks.md,
 * "Function bundles"): zipped by `@netlify/zip-it-and-ship-it` (the library
 * `netlify build` calls) with netlify.toml's `[functions]` settings, unzipped
 * outside the repository and loaded in a bare `node` process that cannot
 * reach the project's node_modules. Used by
 * tests/unit/build/function-bundles.test.ts and scripts/function-bundles.ts.
 */

/** netlify.toml's `[functions]` keys and the option of zip-it-and-ship-it each one sets. */
const FUNCTION_SETTINGS = {
  node_bundler: 'nodeBundler',
  external_node_modules: 'externalNodeModules',
  included_files: 'includedFiles',
  ignored_node_modules: 'ignoredNodeModules',
  node_version: 'nodeVersion',
  schedule: 'schedule',
} as const satisfies Record<string, keyof FunctionConfig>;

/** What netlify.toml says about the functions: their folder and zip-it-and-ship-it's config. */
export interface FunctionsSettings {
  /** Absolute path of `[functions] directory`. */
  directory: string;
  /** Per glob ('*' for the top-level keys, a name for `[functions."name"]`). */
  config: Config;
}

const isTable = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function functionConfig(table: Record<string, unknown>, where: string): FunctionConfig {
  const config: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(table)) {
    if (key === 'directory' || isTable(value)) continue;
    const option = FUNCTION_SETTINGS[key as keyof typeof FUNCTION_SETTINGS] as string | undefined;
    // A setting Netlify honours and this copy does not would make the test lie: refuse it.
    if (!option) throw new Error(`netlify.toml ${where}: '${key}' is not mapped in tests/support/function-bundles.ts`);
    config[option] = value;
  }
  return config;
}

/**
 * Reads `[functions]` of `root`/netlify.toml the way Netlify's build does:
 * the top-level keys (node_bundler, external_node_modules, …) apply to every
 * function ('*'), a sub-table `[functions."name"]` to the functions it names.
 * @throws Error when the file has no `[functions] directory` or a key this
 * module does not map.
 */
export async function readFunctionsSettings(root: string): Promise<FunctionsSettings> {
  const toml = parseToml(await readFile(path.join(root, 'netlify.toml'), 'utf8'));
  const functions = toml.functions;
  if (!isTable(functions) || typeof functions.directory !== 'string') {
    throw new Error('netlify.toml has no [functions] directory');
  }
  const config: Config = { '*': functionConfig(functions, '[functions]') };
  for (const [glob, value] of Object.entries(functions)) {
    if (isTable(value)) config[glob] = functionConfig(value, `[functions."${glob}"]`);
  }
  return { directory: path.join(root, functions.directory), config };
}

/** The function names of `directory`: one per .ts/.mts/.js/.mjs file, as Netlify names them. */
export async function listFunctionNames(directory: string): Promise<string[]> {
  const files = await readdir(directory);
  return files
    .filter((file) => /\.(m?ts|m?js)$/.test(file))
    .map((file) => file.replace(/\.(m?ts|m?js)$/, ''))
    .sort();
}

/** One function zipped and unzipped. */
export interface FunctionBundle {
  name: string;
  /** The zip Netlify would upload. */
  zipPath: string;
  /** Bytes of the zip (Netlify's limit is 50 MB). */
  zipBytes: number;
  /** The unzipped bundle, outside the repository. */
  dir: string;
  /** Absolute path of the function's own module inside `dir` (what the Lambda entry point loads). */
  modulePath: string;
}

/** Every bundle of one pass and the temporary folder that holds them. */
export interface FunctionBundles {
  bundles: FunctionBundle[];
  /** Deletes the temporary folder. */
  dispose: () => Promise<void>;
}

/**
 * Zips every function of `root` with zip-it-and-ship-it and netlify.toml's
 * settings into a fresh folder of os.tmpdir(), and unzips each bundle next
 * to its zip, so Node's module resolution from a bundle never reaches the
 * repository's node_modules. Slow: about a minute for the project's
 * functions on two cores.
 * @throws Error when a function has no bundle or its entry point does not
 * name the function's module.
 */
export async function bundleFunctions(root: string): Promise<FunctionBundles> {
  const settings = await readFunctionsSettings(root);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'function-bundles-'));
  const dispose = () => rm(tmp, { recursive: true, force: true });
  try {
    const zipped = await zipFunctions([settings.directory], path.join(tmp, 'zips'), {
      basePath: root,
      repositoryRoot: root,
      config: settings.config,
    });
    const bundles = await Promise.all(
      zipped.map(async (result) => {
        const dir = path.join(tmp, 'unzipped', result.name);
        await extractZip(result.path, { dir });
        const entry = await readFile(path.join(dir, result.entryFilename), 'utf8');
        // The Lambda entry point: `bootstrap.getLambdaHandler('./netlify/functions/<name>.mjs')`.
        const loaded = /getLambdaHandler\(['"]([^'"]+)['"]\)/.exec(entry)?.[1];
        if (!loaded) throw new Error(`${result.name}: the bundle's entry point names no module`);
        return {
          name: result.name,
          zipPath: result.path,
          zipBytes: (await stat(result.path)).size,
          dir,
          modulePath: path.join(dir, loaded),
        };
      }),
    );
    return { bundles: bundles.sort((a, b) => a.name.localeCompare(b.name)), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** A request to send to a bundle, as plain data (it crosses a process boundary). */
export interface BundleRequest {
  method: string;
  body?: string;
  headers?: Record<string, string>;
}

/** What a bare process answered: the response, or why there was none. */
export interface BundleAnswer {
  /** Milliseconds to import the function's module (cold: a fresh process). */
  loadMs: number;
  status: number | null;
  /** The response body as text; '' when there was no response. */
  body: string;
  /** The import or the call threw (the message and stack), else null. */
  crash: string | null;
  /** Everything the process wrote to stderr (the functions' logs). */
  stderr: string;
}

const MARKER = '@@bundle-answer@@';

/** Runs in the bare process: import the module, call its default export, print one marked line. */
const CHILD_SCRIPT = `
const [moduleUrl, requestJson] = process.argv.slice(1);
const spec = JSON.parse(requestJson);
const say = (answer) => { process.stdout.write('\\n${MARKER}' + JSON.stringify(answer) + '\\n', () => process.exit(0)); };
const started = performance.now();
let loadMs = 0;
try {
  const module = await import(moduleUrl);
  loadMs = performance.now() - started;
  const request = new Request('https://example.netlify.app/.netlify/functions/bundle', spec);
  // The part of Netlify's context the functions read (netlify/lib/platform/function-context.ts).
  const context = { ip: '203.0.113.9', requestId: 'bundle-test', params: {}, waitUntil: () => {} };
  const response = await module.default(request, context);
  say({ loadMs, status: response.status, body: await response.text(), crash: null });
} catch (error) {
  say({ loadMs, status: null, body: '', crash: String(error && error.stack || error) });
}
`;

/**
 * Loads `bundle` in a separate `node` process whose working directory is
 * the unzipped bundle and whose environment is only PATH plus `env`, and
 * calls the module's default export (the Functions API v2 handler) with
 * `request`. Never throws for what the function does: a crash is in the answer.
 * @throws Error when the process prints no answer within `timeoutMs`.
 */
export function callBundle(
  bundle: FunctionBundle,
  request: BundleRequest,
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<BundleAnswer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', CHILD_SCRIPT, pathToFileURL(bundle.modulePath).href, JSON.stringify(request)],
      { cwd: bundle.dir, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((each) => each.startsWith(MARKER));
      if (!line) {
        reject(new Error(`${bundle.name}: the bare process ended (${code}) with no answer.\n${stderr}`));
        return;
      }
      resolve({ ...(JSON.parse(line.slice(MARKER.length)) as Omit<BundleAnswer, 'stderr'>), stderr });
    });
  });
}

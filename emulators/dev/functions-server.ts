/**
 * The Netlify functions of `npm run dev`, served by Vite itself
 * (docs/local-stack.md, "Functions in development").
 *
 * Netlify's dev runtime (`@netlify/functions-dev`, behind `@netlify/vite-plugin`
 * and netlify-cli) builds a function again at every call and runs it in a new
 * worker thread, so firebase-admin is loaded afresh each time: seconds per
 * call on a laptop. This plugin loads each `netlify/functions/{name}.ts`
 * through Vite's own module loader (`ssrLoadModule`) and keeps it: modules
 * from node_modules (firebase-admin, stripe) are imported once by Node and
 * stay warm; our modules are re-evaluated only after Vite's watcher
 * invalidates them (the file, or anything it imports, changed).
 *
 * It honours the Netlify Functions v2 contract the functions use: the
 * default export is called with a web `Request` and a {@link FunctionContext};
 * a function answers at `/.netlify/functions/{name}` (and below it) and at
 * its `config.path` routes. The production build does not use this file:
 * zip-it-and-ship-it bundles the functions (tests/unit/build/function-bundles.test.ts).
 * Under `netlify dev` (NETLIFY_DEV set) netlify-cli serves the functions and
 * this plugin steps aside.
 */
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import type { FunctionContext } from '../../netlify/lib/platform/function-context';

/** Where the dev server lists the loaded functions once all are ready (the launcher waits for it before "[dev] ready"). */
export const FUNCTIONS_READY_PATH = '/__dev/functions-ready';

const FUNCTIONS_PREFIX = '/.netlify/functions/';
const FUNCTION_FILE = /^([a-z0-9][a-z0-9-_]*)\.(?:ts|mts|js|mjs)$/i;

type Handler = (request: Request, context: FunctionContext) => Response | Promise<Response>;

interface FunctionModule {
  default?: unknown;
  config?: { path?: string | string[] };
}

/** One function file found in the functions folder. */
interface FunctionEntry {
  name: string;
  file: string;
}

/** Options of {@link netlifyFunctions}. */
export interface NetlifyFunctionsOptions {
  /** The functions folder, relative to Vite's root: 'netlify/functions' by default. */
  directory?: string;
}

/** The request's client address, as Netlify gives it: `x-nf-client-connection-ip` when set, else the socket's peer. */
function clientIp(incoming: IncomingMessage): string {
  const header = incoming.headers['x-nf-client-connection-ip'];
  const forwarded = Array.isArray(header) ? header[0] : header;
  return forwarded?.trim() || incoming.socket.remoteAddress?.replace(/^::ffff:/, '') || '127.0.0.1';
}

/** A `config.path` pattern ('/api/orders/:id', '/api/*') as a RegExp with named groups. */
function routePattern(route: string): RegExp {
  const source = route
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return `(?<${segment.slice(1)}>[^/]+)`;
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** Answers a load or call failure as Netlify's dev runtime does not: JSON, with the message in the dev server's log only. */
function failure(name: string, error: unknown, server: ViteDevServer): Response {
  if (error instanceof Error) server.ssrFixStacktrace(error);
  server.config.logger.error(`[functions] ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return new Response(JSON.stringify({ error: `La funzione ${name} non è stata caricata: vedi il terminale di npm run dev.` }), {
    status: 500,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

type Match = { entry: FunctionEntry; params: Record<string, string> } | null;

/** The functions of a folder as Vite loads them: {@link functionRegistry}. */
interface FunctionRegistry {
  /** Loads (or reloads, once Vite invalidated it) a function's module; records its `config.path` routes. */
  load: (entry: FunctionEntry) => Promise<Handler>;
  /** Every function loaded once, from the start: their names and the time taken (ms). */
  loadedAll: Promise<{ functions: string[]; ms: number }>;
  /** The function answering a path: by name under `/.netlify/functions/`, else by its `config.path`. */
  match: (pathname: string) => Promise<Match>;
}

/**
 * The functions of `directory` through Vite's module loader: every one is
 * loaded at once (so the first call is warm), and a path is matched by name
 * (the folder read again, so a new file answers at once) or by the
 * `config.path` routes known once all are loaded.
 */
function functionRegistry(server: ViteDevServer, directory: string): FunctionRegistry {
  // Each loaded function's `config.path` routes, by name.
  const routes = new Map<string, { entry: FunctionEntry; patterns: RegExp[] }>();

  const listFunctions = async (): Promise<FunctionEntry[]> => {
    const names = await readdir(directory).catch(() => [] as string[]);
    return names.flatMap((file) => {
      const match = FUNCTION_FILE.exec(file);
      return match?.[1] ? [{ name: match[1], file: path.join(directory, file) }] : [];
    });
  };

  const load = async (entry: FunctionEntry): Promise<Handler> => {
    const module = (await server.ssrLoadModule(entry.file, { fixStacktrace: true })) as FunctionModule;
    const configured = module.config?.path;
    const paths = Array.isArray(configured) ? configured : configured ? [configured] : [];
    routes.set(entry.name, { entry, patterns: paths.map(routePattern) });
    if (typeof module.default !== 'function') throw new Error(`${entry.file} has no default export function`);
    return module.default as Handler;
  };

  const startedAt = Date.now();
  const loadedAll = (async () => {
    const entries = await listFunctions();
    await Promise.all(entries.map((entry) => load(entry).catch((error: unknown) => failure(entry.name, error, server))));
    return { functions: entries.map((entry) => entry.name), ms: Date.now() - startedAt };
  })();

  const matchByName = async (pathname: string): Promise<Match> => {
    const name = pathname.slice(FUNCTIONS_PREFIX.length).split('/')[0];
    const entry = (await listFunctions()).find((candidate) => candidate.name === name);
    return entry ? { entry, params: {} } : null;
  };

  const matchByRoute = async (pathname: string): Promise<Match> => {
    await loadedAll;
    for (const { entry, patterns } of routes.values()) {
      for (const pattern of patterns) {
        const found = pattern.exec(pathname);
        if (found) return { entry, params: { ...found.groups } };
      }
    }
    return null;
  };

  return {
    load,
    loadedAll,
    match: (pathname) => (pathname.startsWith(FUNCTIONS_PREFIX) ? matchByName(pathname) : matchByRoute(pathname)),
  };
}

/** Calls a function with the request as a web `Request` and a {@link FunctionContext}, writing its answer (or a failure) back. */
function serveFunction(
  server: ViteDevServer,
  registry: FunctionRegistry,
  found: NonNullable<Match>,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
) {
  const { entry, params } = found;
  return getRequestListener(async (request) => {
    let handler: Handler;
    try {
      handler = await registry.load(entry);
    } catch (error) {
      return failure(entry.name, error, server);
    }
    const context: FunctionContext = {
      ip: clientIp(incoming),
      requestId: randomUUID(),
      params,
      waitUntil: (promise) => {
        promise.catch((error: unknown) => failure(entry.name, error, server));
      },
    };
    try {
      return await handler(request, context);
    } catch (error) {
      return failure(entry.name, error, server);
    }
  })(incoming, outgoing);
}

/**
 * The dev-only Vite plugin serving `netlify/functions/*` from Vite's module
 * graph (see the file's comment). On start it loads every function once (so
 * the first call is warm) and answers {@link FUNCTIONS_READY_PATH} with
 * `{ functions: [names], ms }` once they are loaded.
 */
export function netlifyFunctions(options: NetlifyFunctionsOptions = {}): Plugin {
  return {
    name: 'scout-portal:netlify-functions',
    apply: 'serve',
    configureServer(server) {
      if (process.env.NETLIFY_DEV) return;
      const registry = functionRegistry(server, path.resolve(server.config.root, options.directory ?? 'netlify/functions'));
      const middleware: Connect.NextHandleFunction = (incoming, outgoing, next) => {
        const pathname = new URL(incoming.url ?? '/', 'http://localhost').pathname;
        if (pathname === FUNCTIONS_READY_PATH) {
          void registry.loadedAll.then((ready) => {
            outgoing.setHeader('content-type', 'application/json; charset=utf-8');
            outgoing.end(JSON.stringify(ready));
          });
          return;
        }
        registry
          .match(pathname)
          .then((found) => (found ? serveFunction(server, registry, found, incoming, outgoing) : next()))
          .catch((error: unknown) => next(error));
      };
      server.middlewares.use(middleware);
    },
  };
}

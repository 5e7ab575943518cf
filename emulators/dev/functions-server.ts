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
      const directory = path.resolve(server.config.root, options.directory ?? 'netlify/functions');
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

      type Match = { entry: FunctionEntry; params: Record<string, string> } | null;

      /** The function of a `/.netlify/functions/{name}/…` path (the folder is read again, so a new file answers at once). */
      const matchByName = async (pathname: string): Promise<Match> => {
        const name = pathname.slice(FUNCTIONS_PREFIX.length).split('/')[0];
        const entry = (await listFunctions()).find((candidate) => candidate.name === name);
        return entry ? { entry, params: {} } : null;
      };

      /** The function whose `config.path` matches, once every function has been loaded (the routes are known then). */
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

      const serve = (entry: FunctionEntry, params: Record<string, string>, incoming: IncomingMessage, outgoing: ServerResponse) =>
        getRequestListener(async (request) => {
          let handler: Handler;
          try {
            handler = await load(entry);
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

      const middleware: Connect.NextHandleFunction = (incoming, outgoing, next) => {
        const pathname = new URL(incoming.url ?? '/', 'http://localhost').pathname;
        if (pathname === FUNCTIONS_READY_PATH) {
          void loadedAll.then((ready) => {
            outgoing.setHeader('content-type', 'application/json; charset=utf-8');
            outgoing.end(JSON.stringify(ready));
          });
          return;
        }
        (pathname.startsWith(FUNCTIONS_PREFIX) ? matchByName(pathname) : matchByRoute(pathname))
          .then((found) => (found ? serve(found.entry, found.params, incoming, outgoing) : next()))
          .catch((error: unknown) => next(error));
      };
      server.middlewares.use(middleware);
    },
  };
}

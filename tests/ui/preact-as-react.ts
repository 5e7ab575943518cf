import Module from 'node:module';
import path from 'node:path';

/**
 * The browser build renders with Preact (vite.config.ts aliases `react` and
 * `react-dom` to `preact/compat`); the libraries Vitest loads from
 * node_modules as Node's own CommonJS (Headless UI's
 * use-sync-external-store) would otherwise `require` React itself. Every
 * such `require` is sent to the same ES modules the aliases name, so the
 * screens under test run the renderer a phone runs, one copy of it.
 */
const preact = (file: string) => path.resolve(import.meta.dirname, '../../node_modules/preact', file);
const TARGETS: Record<string, string> = {
  react: preact('compat/dist/compat.mjs'),
  'react-dom': preact('compat/dist/compat.mjs'),
  'react-dom/client': preact('compat/client.mjs'),
  'react/jsx-runtime': preact('jsx-runtime/dist/jsxRuntime.mjs'),
  'react/jsx-dev-runtime': preact('jsx-runtime/dist/jsxRuntime.mjs'),
};

type Resolver = (request: string, ...rest: unknown[]) => string;
const node = Module as unknown as { _resolveFilename: Resolver };
const resolve = node._resolveFilename;
node._resolveFilename = function (this: unknown, request, ...rest) {
  return resolve.call(this, TARGETS[request] ?? request, ...rest);
};

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Plugin, ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devSecurityHeaders } from '../../../emulators/dev/dev-headers';
import { developmentCsp, headersFor } from '../../../emulators/dev/netlify-headers';
import { pagesCheck } from '../../../scripts/check-launch/checks/pages';

/**
 * The dev server's security headers (docs/security.md, "In development"):
 * the Vite plugin's middleware, as `npm run dev` mounts it, in front of a
 * page server on a free port, asked over HTTP.
 */

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

let server: Server;
let siteUrl = '';

beforeAll(async () => {
  const middlewares: Middleware[] = [];
  const plugin: Plugin = devSecurityHeaders();
  const configure = plugin.configureServer as (server: ViteDevServer) => void;
  configure({ middlewares: { use: (middleware: Middleware) => middlewares.push(middleware) } } as unknown as ViteDevServer);
  expect(middlewares).toHaveLength(1);
  server = createServer((request, response) => {
    middlewares[0]!(request, response, () => {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><title>pagina</title>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('npm run dev', () => {
  it("sends netlify.toml's headers for every page, the policy as developmentCsp, no HSTS over http", async () => {
    const response = await fetch(`${siteUrl}/campo-estivo`);
    const expected = Object.fromEntries(
      Object.entries(headersFor('/*'))
        .filter(([name]) => name !== 'Strict-Transport-Security')
        .map(([name, value]) => [name.toLowerCase(), name === 'Content-Security-Policy' ? developmentCsp() : value]),
    );
    const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, response.headers.get(name)]));
    expect(sent).toEqual(expected);
    expect(Object.keys(expected).sort()).toEqual([
      'content-security-policy',
      'permissions-policy',
      'referrer-policy',
      'x-content-type-options',
      'x-frame-options',
    ]);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it("passes check:launch's pages check", async () => {
    const result = await pagesCheck.run({ siteUrl, local: true, env: {}, admin: null, fiscalCode: null, stripeMode: 'test' });
    expect(result).toEqual({ ok: true, detail: expect.stringContaining('4 intestazioni di sicurezza') as unknown });
  });
});

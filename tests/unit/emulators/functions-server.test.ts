import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS_READY_PATH, netlifyFunctions } from '../../../emulators/dev/functions-server';

/**
 * The dev server's functions (emulators/dev/functions-server.ts) on a real
 * Vite dev server over a project folder of its own: loaded once and kept
 * warm, reloaded when a file they import changes, routed by name and by
 * `config.path`, and a broken function answers JSON instead of taking the
 * server down.
 */

let root: string;
let server: ViteDevServer;
let base: string;

const write = (file: string, text: string) => writeFile(path.join(root, file), text);

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'functions-server-'));
  await mkdir(path.join(root, 'netlify', 'functions'), { recursive: true });
  await mkdir(path.join(root, 'netlify', 'lib'), { recursive: true });
  await write('netlify/lib/greeting.ts', `export const greeting = 'ciao';\n`);
  await write(
    'netlify/functions/hello.ts',
    [
      `import { greeting } from '../lib/greeting';`,
      `let calls = 0;`,
      `export default (request: Request, context: { ip: string; params: Record<string, string> }) =>`,
      `  Response.json({ greeting, calls: ++calls, ip: context.ip, params: context.params, method: request.method });`,
      `export const config = { path: '/api/hello/:who' };`,
      ``,
    ].join('\n'),
  );
  await write('netlify/functions/broken.ts', `throw new Error('cannot load');\nexport default () => new Response('never');\n`);
  server = await createServer({
    configFile: false,
    root,
    appType: 'custom',
    logLevel: 'silent',
    plugins: [netlifyFunctions()],
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the dev server has no port');
  base = `http://127.0.0.1:${address.port}`;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

async function hello(pathname = '/.netlify/functions/hello', init?: RequestInit) {
  const response = await fetch(`${base}${pathname}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the dev server functions', () => {
  it('lists every function once all are loaded', async () => {
    const response = await fetch(`${base}${FUNCTIONS_READY_PATH}`);
    expect(await response.json()).toMatchObject({ functions: ['broken', 'hello'] });
  });

  it('keeps a function loaded between calls (module state survives)', async () => {
    const first = await hello();
    const second = await hello('/.netlify/functions/hello', { method: 'POST', body: '{}' });
    expect(first.status).toBe(200);
    expect(second.body.calls).toBe(Number(first.body.calls) + 1);
    expect(second.body).toMatchObject({ greeting: 'ciao', method: 'POST', ip: '127.0.0.1' });
  });

  it("answers at the function's config.path with its parameters", async () => {
    const { status, body } = await hello('/api/hello/mario');
    expect(status).toBe(200);
    expect(body.params).toEqual({ who: 'mario' });
  });

  it('passes the client address Netlify sets', async () => {
    const { body } = await hello('/.netlify/functions/hello', { headers: { 'x-nf-client-connection-ip': '203.0.113.7' } });
    expect(body.ip).toBe('203.0.113.7');
  });

  it('answers 500 with a JSON error when a function cannot load, and leaves the others working', async () => {
    const response = await fetch(`${base}/.netlify/functions/broken`);
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: string }).error).toContain('broken');
    expect((await hello()).status).toBe(200);
  });

  it('leaves other paths to the rest of the server', async () => {
    expect((await fetch(`${base}/.netlify/functions/nobody`)).status).toBe(404);
    expect((await fetch(`${base}/api/elsewhere`)).status).toBe(404);
  });

  it('answers with the new code after a file the function imports changes, without a restart', async () => {
    expect((await hello()).body.greeting).toBe('ciao');
    await write('netlify/lib/greeting.ts', `export const greeting = 'salve';\n`);
    await expect.poll(async () => (await hello()).body.greeting, { timeout: 10_000, interval: 100 }).toBe('salve');
  });
});

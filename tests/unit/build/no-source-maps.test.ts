import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The production build publishes no source (docs/security.md): `vite build`
 * with the project's vite.config.ts, into a temporary folder, leaves no
 * `.map` file and no `sourceMappingURL` comment pointing at one.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
let outDir = '';
let files: string[] = [];

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'no-source-maps-'));
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}, 180_000);

afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('the production build', () => {
  it('builds the app (an index.html and JavaScript)', () => {
    expect(files.map((file) => path.basename(file))).toContain('index.html');
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  });

  it('holds no .map file', () => {
    expect(files.filter((file) => file.endsWith('.map')).map((file) => path.relative(outDir, file))).toEqual([]);
  });

  it('names no source map in any script, style or page', async () => {
    const texts = files.filter((file) => /\.(m?js|css|html)$/.test(file));
    const naming = [];
    for (const file of texts) {
      if ((await readFile(file, 'utf8')).includes('sourceMappingURL')) naming.push(path.relative(outDir, file));
    }
    expect(naming).toEqual([]);
  });
});

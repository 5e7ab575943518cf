import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { readStackSettings } from '../../../emulators/dev/settings';
import { serverEnvironment } from '../../../emulators/dev/stack-environment';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/**
 * Under `netlify dev` the functions run in netlify-cli, which reads the
 * stack's addresses from a file rather than from our launcher
 * (docs/local-stack.md, "netlify dev"): that file must say what the
 * launcher does at its default ports, or the functions would look for the
 * emulators where they are not.
 */
describe('netlify dev environment', () => {
  it("emulators/dev/netlify-dev.env holds the launcher's server environment at the default ports", () => {
    expect(parseEnv(read('emulators/dev/netlify-dev.env'))).toEqual(serverEnvironment(readStackSettings({})));
  });

  it("netlify.toml gives netlify-cli that file first, then the developer's .env, and waits on the launcher's Vite port", () => {
    const { dev } = parse(read('netlify.toml')) as { dev?: { envFiles?: unknown; targetPort?: unknown } };
    // netlify-cli reads envFiles highest priority first: the stack's addresses win over a .env copied from .env.example.
    expect(dev?.envFiles).toEqual(['emulators/dev/netlify-dev.env', '.env']);
    expect(dev?.targetPort).toBe(readStackSettings({}).appPort);
  });
});

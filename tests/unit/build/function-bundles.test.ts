import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { bundleFunctions, callBundle, listFunctionNames, readFunctionsSettings, type FunctionBundle } from '../../support/function-bundles';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { sessionHeaders } from '../../support/family-session';

/**
 * Every function of netlify/functions as Netlify ships it (docs/deploy.md;
 * docs/benchmarks.md, "Function bundles"): zipped by zip-it-and-ship-it with
 * netlify.toml's settings, unzipped outside the repository and called in a
 * bare `node` process (only PATH in its environment).
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PROJECT = 'demo-function-bundles';
/** Zipping every function with firebase-admin and stripe takes about a minute on two cores. */
const BUNDLE_TIMEOUT_MS = 5 * 60_000;

const functionNames = await listFunctionNames((await readFunctionsSettings(ROOT)).directory);
let bundles: FunctionBundle[] = [];
let dispose: () => Promise<void> = async () => {};

beforeAll(async () => {
  ({ bundles, dispose } = await bundleFunctions(ROOT));
}, BUNDLE_TIMEOUT_MS);

// Twenty unzipped bundles of a few thousand files each: removing them takes more than the default 10 s on a busy machine.
afterAll(() => dispose(), 60_000);

const bundleOf = (name: string): FunctionBundle => {
  const bundle = bundles.find((each) => each.name === name);
  if (!bundle) throw new Error(`No bundle for ${name}`);
  return bundle;
};

/** Words an Italian error sentence of this project contains; an English stack or message has none. */
const ITALIAN = /\b(non|il|la|di|un|una|per|del|della|richiesta|riprova|servizio|codice|accesso|è)\b/i;

describe('function bundles', () => {
  it('bundles every function file, each under Netlify’s 50 MB limit', () => {
    expect(functionNames.length).toBeGreaterThan(0);
    expect(bundles.map((bundle) => bundle.name)).toEqual(functionNames);
    for (const bundle of bundles) expect(bundle.zipBytes, bundle.name).toBeLessThan(50 * 1024 * 1024);
  });

  it.each(functionNames)(
    '%s, loaded alone with no environment, answers a malformed body with an Italian {error}, never 500',
    async (name) => {
      const answer = await callBundle(bundleOf(name), {
        method: 'POST',
        body: 'not json',
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.crash, answer.stderr).toBeNull();
      expect(answer.status, answer.body).not.toBe(500);
      // 4xx for the body (an admin function's 401 first: it checks the token before it reads the body),
      // or 503 when the bare environment lacks the function's configuration.
      expect(answer.status === 503 || (answer.status !== null && answer.status >= 400 && answer.status < 500), answer.body).toBe(true);
      const body = JSON.parse(answer.body) as { error?: unknown };
      expect(typeof body.error).toBe('string');
      expect(String(body.error)).toMatch(ITALIAN);
    },
    60_000,
  );

  it('lookup-family, loaded alone with the emulator variables, finds the demo Rossi family', async () => {
    await resetToDemoData(await useEmulatorDb(PROJECT), PROJECT);
    // The Rossi session, signed with the secret the bare process is given.
    const answer = await callBundle(
      bundleOf('lookup-family'),
      {
        method: 'POST',
        body: JSON.stringify({ cf: 'RSSMRA80C12H501E' }),
        headers: { ...(await sessionHeaders({ cf: 'RSSMRA80C12H501E' })), 'content-type': 'application/json' },
      },
      {
        FIRESTORE_EMULATOR_HOST: inject('firestoreEmulatorHost'),
        FIREBASE_PROJECT_ID: PROJECT,
        SESSION_SECRET: process.env.SESSION_SECRET ?? '',
      },
    );
    expect(answer.crash, answer.stderr).toBeNull();
    expect(answer.status, answer.body).toBe(200);
    const body = JSON.parse(answer.body) as { family: unknown; children: Array<{ name: string }> };
    expect(body.family).toEqual({ id: 'family-rossi', surname: 'Rossi' });
    expect(body.children.map((child) => child.name)).toEqual(['Giulia', 'Luca', 'Marco']);
  }, 60_000);
});

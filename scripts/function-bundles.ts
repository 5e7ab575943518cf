/**
 * `tsx scripts/function-bundles.ts`: zips every Netlify function the way
 * Netlify's build does (zip-it-and-ship-it with netlify.toml's settings) and
 * prints, per function, the zip's size and the cold load time of its module
 * in a bare `node` process (docs/benchmarks.md, "Function bundles").
 * A measurement, not a test: tests/unit/build/function-bundles.test.ts checks
 * that every bundle answers.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleFunctions, callBundle } from '../tests/support/function-bundles';

/** One function's figures. */
export interface FunctionBundleFigures {
  name: string;
  /** Bytes of the zip Netlify uploads (its limit is 50 MB). */
  zipBytes: number;
  /** Milliseconds to import the function's module in a fresh `node` process with no environment. */
  loadMs: number;
}

/**
 * Bundles every function of `root` (the repository, by default the one this
 * script is in) into a temporary folder, measures each and deletes the folder.
 * Takes a minute or more.
 * @throws Error when a bundle cannot be built, or its module cannot be
 * loaded in the bare process (the answer's crash).
 */
export async function measureFunctionBundles(root = path.resolve(import.meta.dirname, '..')): Promise<FunctionBundleFigures[]> {
  const { bundles, dispose } = await bundleFunctions(root);
  try {
    const figures: FunctionBundleFigures[] = [];
    // One at a time: parallel processes would measure each other.
    for (const bundle of bundles) {
      const answer = await callBundle(bundle, { method: 'POST', body: 'not json' });
      if (answer.crash) throw new Error(`${bundle.name} does not load alone: ${answer.crash}`);
      figures.push({ name: bundle.name, zipBytes: bundle.zipBytes, loadMs: answer.loadMs });
    }
    return figures;
  } finally {
    await dispose();
  }
}

/** The figures as a Markdown table (zip in MB, load in ms), as docs/benchmarks.md records them. */
export function functionBundlesTable(figures: readonly FunctionBundleFigures[]): string {
  const rows = figures.map(
    ({ name, zipBytes, loadMs }) => `| ${name} | ${(zipBytes / 1024 / 1024).toFixed(1)} MB | ${Math.round(loadMs)} ms |`,
  );
  return ['| function | zip | cold load |', '|---|---:|---:|', ...rows].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await measureFunctionBundles();
  console.log('Netlify functions as zip-it-and-ship-it bundles them (limit 50 MB each):');
  console.log(functionBundlesTable(figures));
}

/**
 * Warms Vite before `[dev] ready` (docs/local-stack.md): asks the dev server
 * for the app's entry and, following every import it answers (static and
 * `import()`, the lazily loaded routes and the admin's views included), for
 * each module of the app, so each is transformed once before a person opens
 * a page. A newcomer's first page then loads like the second.
 */

/** Import specifiers Vite writes into a transformed module: `from "/src/…"`, `import("/src/…")`, `import "/src/…"`. */
const IMPORTED = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\/[^"'?]+(?:\?[^"']*)?)["']/g;

/** How many modules are asked for at once. */
const AT_ONCE = 8;

/**
 * Fetches `entry` from `appUrl` and every module it imports, transitively,
 * once each; resolves how many and how long. A module Vite fails to
 * transform is skipped (the page will show Vite's error overlay as usual).
 */
export async function warmVite(appUrl: string, entry = '/src/main.tsx'): Promise<{ modules: number; ms: number }> {
  const started = Date.now();
  const seen = new Set<string>([entry]);
  const queue = [entry];
  const fetchOne = async (path: string) => {
    try {
      const response = await fetch(new URL(path, appUrl));
      if (!response.ok || !/javascript/.test(response.headers.get('content-type') ?? '')) return;
      for (const [, imported] of (await response.text()).matchAll(IMPORTED)) {
        if (imported && !seen.has(imported)) {
          seen.add(imported);
          queue.push(imported);
        }
      }
    } catch {
      // Vite restarted or the module failed: the page will say so.
    }
  };
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) await fetchOne(path);
  };
  // Workers stop when the queue is empty for a moment; run rounds until nothing new was found.
  while (queue.length > 0) await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return { modules: seen.size, ms: Date.now() - started };
}

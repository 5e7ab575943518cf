/**
 * `npm run bench:long-tasks` (docs/benchmarks.md, "A field that takes typing at once"): what keeps a phone's main
 * thread busy between /campo-estivo's first paint and the app's end of loading. Builds the app, serves it as Netlify
 * does (scripts/first-visit.ts; no functions: the page needs none to load) and, in headless Chromium on a phone's
 * profile with the CPU slowed 4×, records the page's long tasks (over 50 ms, the Long Tasks API) and a JavaScript CPU
 * profile until the network is idle. Prints, per run, the three longest tasks and the functions with the most time
 * of their own (file:line), which name what those tasks run. A measurement, not a test.
 *
 *   npm run bench:long-tasks                # 3 runs
 *   npm run bench:long-tasks -- --runs 1
 */
import path from 'node:path';
import { onSlowPhone, runsOption } from './first-visit';

const RUNS = runsOption(3);
const CPU_SLOWDOWN = 4;

/** A node of a V8 CPU profile (the DevTools protocol's Profiler.ProfileNode, the fields read here). */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** The functions with the most self time in `profile`, in ms: the sampled time spent in each, callees excluded. */
function busiestFunctions(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }, count: number): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<string, number>();
  (profile.samples ?? []).forEach((id, index) => {
    const frame = byNode.get(id)?.callFrame;
    if (!frame || ['(idle)', '(program)', '(garbage collector)', '(root)'].includes(frame.functionName)) return;
    const name = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url) || '(native)'}:${frame.lineNumber + 1}`;
    selfMs.set(name, (selfMs.get(name) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000);
  });
  return [...selfMs]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${name} ${Math.round(ms)} ms`);
}

await onSlowPhone(RUNS, CPU_SLOWDOWN, async ({ page, cdp, siteUrl, run }) => {
  await page.addInitScript(() => {
    const tasks: number[] = [];
    (window as { longTasks?: number[] }).longTasks = tasks;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration))).observe({
      type: 'longtask',
      buffered: true,
    });
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${siteUrl}/campo-estivo`, { waitUntil: 'networkidle' });
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Parameters<typeof busiestFunctions>[0] };
  const tasks = await page.evaluate(() => (window as { longTasks?: number[] }).longTasks ?? []);
  const longest = [...tasks].sort((a, b) => b - a).slice(0, 3);
  const blocking = tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0);
  console.log(
    `run ${run} of ${RUNS}: ${tasks.length} long tasks, the longest ${longest.map((ms) => `${Math.round(ms)} ms`).join(', ') || 'none'}; blocking time ${Math.round(blocking)} ms`,
  );
  console.log(`  most time of their own: ${busiestFunctions(profile, 5).join('; ')}`);
});
// Done: the build's esbuild service would keep Node waiting.
process.exit(0);

import type { PrerenderedPage } from './prerender';
import { holdEarlySubmits } from '@/lib/early-input';
import { nextTask } from '@/lib/next-task';
import './index.css';

// zod probes `new Function` when it builds its first object schema; under the
// Content Security Policy (no 'unsafe-eval', docs/security.md "Headers") that
// probe is a reported violation. Jitless zod never probes. zod reads its
// configuration from this global (zod/v4/core's `globalConfig`, created with
// `??=`): set here, before any schema module loads, it costs the first bundle
// nothing, where `import { config } from 'zod/v4/core'` put 3.6 KB of zod in it.
// tests/e2e/csp.spec.ts fails if a zod update stops reading it.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

/**
 * Loads the app and starts it in #root. A prerendered page is painted first
 * (a frame, then the download), so the app's JavaScript never competes with
 * the page's HTML and CSS on a slow link; its fields take typing meanwhile,
 * and a form sent early waits for the app (src/lib/early-input.ts;
 * docs/architecture.md, "Prerendered pages").
 */
function loadApp(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  holdEarlySubmits();
  if (root.hasChildNodes()) requestAnimationFrame(() => setTimeout(() => void loadInSteps(root)));
  else void loadInSteps(root);
}

/**
 * Runs the app's JavaScript in short tasks: React's renderer is evaluated,
 * then the router, then the app's modules, then the page is started (itself
 * in steps: startApp), so a tap or a keystroke between them is handled at
 * once (docs/architecture.md, "First load").
 */
async function loadInSteps(root: HTMLElement): Promise<void> {
  await import('./app/react-runtime');
  await nextTask();
  await import('./app/router-runtime');
  await nextTask();
  const { startApp } = await import('./app/start');
  await nextTask();
  await startApp(root);
}

// In the browser. At build time vite-prerender-plugin runs this module in Node, to call `prerender`.
if (typeof window !== 'undefined') loadApp();

/**
 * The build's prerendering of one file (vite-prerender-plugin, `prerender` on index.html's script; src/prerender.tsx).
 * Its code loads only when called, so no browser downloads it.
 */
export async function prerender(data: { url: string }): Promise<PrerenderedPage> {
  const { prerenderPage } = await import('./prerender');
  return prerenderPage(data);
}

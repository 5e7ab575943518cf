import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './app/App';
import { holdsPrerenderedPage, loadMatchedRoutes } from './app/hydration';
import { routes } from './app/router';
import type { PrerenderedPage } from './prerender';
import './index.css';

/**
 * Draws the app in #root: a prerendered page (docs/architecture.md, "First
 * load") is hydrated once its routes' code is in, any other drawn.
 * @throws when index.html has no #root element.
 */
async function start(): Promise<void> {
  // zod probes `new Function` when it builds its first object schema; under the
  // Content Security Policy (no 'unsafe-eval', docs/security.md "Headers") that
  // probe is a reported violation. Jitless zod never probes. zod reads its
  // configuration from this global (zod/v4/core's `globalConfig`, created with
  // `??=`): set here, before any schema module loads, it costs the first bundle
  // nothing, where `import { config } from 'zod/v4/core'` put 3.6 KB of zod in it.
  // tests/e2e/csp.spec.ts fails if a zod update stops reading it.
  (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  if (holdsPrerenderedPage(root)) {
    await loadMatchedRoutes(routes, window.location.pathname);
    hydrateRoot(root, <App router={<RouterProvider router={createBrowserRouter(routes)} />} />);
  } else {
    root.replaceChildren();
    createRoot(root).render(<App router={<RouterProvider router={createBrowserRouter(routes)} />} />);
  }
}

// In the browser. At build time vite-prerender-plugin runs this module in Node, to call `prerender`.
if (typeof window !== 'undefined') void start();

/**
 * The build's prerendering of one file (vite-prerender-plugin, `prerender` on index.html's script; src/prerender.tsx).
 * Its code loads only when called, so no browser downloads it.
 */
export async function prerender(data: { url: string }): Promise<PrerenderedPage> {
  const { prerenderPage } = await import('./prerender');
  return prerenderPage(data);
}

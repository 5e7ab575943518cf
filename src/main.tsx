import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './app/App';
import { holdsPrerenderedPage, loadMatchedRoutes } from './app/hydration';
import { routes } from './app/router';
import './index.css';

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

// A prerendered page (docs/architecture.md, "First load") is hydrated once its routes' code is in; any other is drawn.
if (holdsPrerenderedPage(root)) {
  await loadMatchedRoutes(routes, window.location.pathname);
  hydrateRoot(root, <App router={<RouterProvider router={createBrowserRouter(routes)} />} />);
} else {
  root.replaceChildren();
  createRoot(root).render(<App router={<RouterProvider router={createBrowserRouter(routes)} />} />);
}

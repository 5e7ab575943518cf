import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './App';
import { holdsPrerenderedPage, loadMatchedRoutes } from './hydration';
import { routes } from './router';

/**
 * Draws the app in `root`: a prerendered page (docs/architecture.md,
 * "Prerendered pages") is hydrated once its routes' code is in, any other
 * is drawn from scratch.
 * @throws the error of a route module that fails to load.
 */
export async function startApp(root: HTMLElement): Promise<void> {
  const hydrate = holdsPrerenderedPage(root);
  if (hydrate) await loadMatchedRoutes(routes, window.location.pathname);
  const app = <App router={<RouterProvider router={createBrowserRouter(routes)} />} />;
  if (hydrate) {
    hydrateRoot(root, app);
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}

import { App } from './App';
import { holdsPrerenderedPage, loadMatchedRoutes } from './hydration';
import { routes } from './router';
import { createBrowserRouter, createRoot, hydrateRoot, RouterProvider } from './runtime';
import { nextTask } from '@/lib/next-task';

/**
 * Draws the app in `root`: a prerendered page (docs/architecture.md,
 * "Prerendered pages") is hydrated once its routes' code is in, any other
 * is drawn from scratch; the router is made in the task before, so neither
 * step keeps a phone busy for long.
 * @throws the error of a route module that fails to load.
 */
export async function startApp(root: HTMLElement): Promise<void> {
  const hydrate = holdsPrerenderedPage(root);
  if (hydrate) await loadMatchedRoutes(routes, window.location.pathname);
  const router = createBrowserRouter(routes);
  await nextTask();
  const app = <App router={<RouterProvider router={router} />} />;
  if (hydrate) {
    hydrateRoot(root, app);
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}

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
  if (holdsPrerenderedPage(root)) {
    await loadMatchedRoutes(routes, window.location.pathname);
    hydrateRoot(root, <App router={<RouterProvider router={createBrowserRouter(routes)} />} />);
  } else {
    root.replaceChildren();
    createRoot(root).render(<App router={<RouterProvider router={createBrowserRouter(routes)} />} />);
  }
}

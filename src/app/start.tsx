import { startTransition } from 'react';
import { App } from './App';
import { holdsPrerenderedPage, preloadMatchedRoutes } from './hydration';
import { AppRoutes, routes } from './router';
import { createRoot, hydrateRoot } from './react-runtime';
import { BrowserRouter } from './router-runtime';
import { nextTask } from '@/lib/next-task';

/**
 * Draws the app in `root`: a prerendered page (docs/architecture.md,
 * "Prerendered pages") is hydrated once its routes' code is in, as a
 * transition, so React yields to the browser every few milliseconds and
 * hydrates first the part a parent touches; any other page is drawn from
 * scratch.
 * @throws the error of a route module that fails to load.
 */
export async function startApp(root: HTMLElement): Promise<void> {
  const hydrate = holdsPrerenderedPage(root);
  if (hydrate) await preloadMatchedRoutes(routes, window.location.pathname);
  await nextTask();
  const app = (
    <App>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>
  );
  if (hydrate) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}

import { matchRoutes, type RouteObject } from 'react-router';
import { PRERENDERED_PATHS } from './prerendered-pages';
import type { RouteHandle } from './router';

/**
 * Whether `root` holds HTML the build prerendered for this address
 * (src/prerender.tsx) that the browser may hydrate: the address is one of
 * {@link PRERENDERED_PATHS} (a server falling back to index.html for any
 * address serves the home page's HTML), and it was not reloaded with router
 * state (a Bonifico page showing the order just recorded), as the HTML is
 * each page as a new visitor sees it. Anything else is drawn from scratch.
 * react-router keeps its state in `history.state.usr`.
 */
export function holdsPrerenderedPage(root: HTMLElement): boolean {
  const historyState = window.history.state as { usr?: unknown } | null;
  const path = window.location.pathname.replace(/(.)\/$/, '$1');
  return root.hasChildNodes() && PRERENDERED_PATHS.includes(path) && historyState?.usr == null;
}

/**
 * Loads the code of the screens of their own chunk matching `pathname`
 * (their `handle`, {@link RouteHandle}), so that the first render draws what
 * the prerendering drew without suspending on a module.
 * @throws the error of a route module that fails to load.
 */
export async function preloadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const handles = matches.map((match) => match.route.handle as RouteHandle | undefined);
  await Promise.all(handles.flatMap((handle) => (handle ? [handle.preload()] : [])));
}

import { matchRoutes, type RouteObject } from 'react-router';
import { PRERENDERED_PATHS } from './prerendered-pages';

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
 * Loads the code of the lazy routes matching `pathname` and writes it into
 * `routes`, so that the browser's first render draws what the prerendering
 * drew (it loaded the same routes) instead of an empty page while they load.
 * @throws the error of a route module that fails to load.
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const lazyRoutes = (matchRoutes(routes, pathname) ?? []).map((match) => match.route).filter((route) => route.lazy);
  await Promise.all(
    lazyRoutes.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

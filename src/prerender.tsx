import { createMemoryRouter, RouterProvider } from 'react-router';
import { App } from './app/App';
import { loadMatchedRoutes } from './app/hydration';
import { APP_SHELL_FILE, PRERENDERED_PATHS, prerenderedFile } from './app/prerendered-pages';
import { routes } from './app/router';

/** What vite-prerender-plugin writes for one file: the HTML inside #root, and the further files to write. */
export interface PrerenderedPage {
  html: string;
  links?: Set<string>;
}

/**
 * The build's prerendering (vite-prerender-plugin, through src/main.tsx's
 * `prerender`): called with `/` first, it answers the HTML of that page and
 * the other files to write ({@link PRERENDERED_PATHS}, and the empty
 * {@link APP_SHELL_FILE}); each of those then comes back here. A page is
 * drawn as the browser draws it for a new visitor: its lazy routes loaded
 * first, then the app around a router at that address, so the browser's
 * first render hydrates it (src/app/start.tsx). No hydration data is inlined: the
 * routes have no loaders, and the Content Security Policy allows no inline
 * script.
 * @throws when `url` is not a prerendered page or fails to render: the build stops.
 */
export async function prerenderPage({ url }: { url: string }): Promise<PrerenderedPage> {
  if (url === APP_SHELL_FILE) return { html: '' };
  const path = PRERENDERED_PATHS.find((candidate) => prerenderedFile(candidate) === url || candidate === url);
  if (!path) throw new Error(`${url} is not a prerendered page (src/app/prerendered-pages.ts)`);

  await loadMatchedRoutes(routes, path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const { renderToStringAsync } = await import('preact-render-to-string');
  const html = await renderToStringAsync(<App router={<RouterProvider router={router} />} />);
  router.dispose();

  if (path !== PRERENDERED_PATHS[0]) return { html };
  return { html, links: new Set([...PRERENDERED_PATHS.slice(1).map(prerenderedFile), APP_SHELL_FILE]) };
}

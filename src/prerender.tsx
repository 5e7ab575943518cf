import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App } from './app/App';
import { APP_SHELL_FILE, PRERENDERED_PATHS, prerenderedFile } from './app/prerendered-pages';
import { routes } from './app/router';

/** What vite-prerender-plugin writes for one file: the HTML inside #root, and the further files to write. */
interface PrerenderResult {
  html: string;
  links?: Set<string>;
}

/**
 * The build's prerendering (vite-prerender-plugin, vite.config.ts): called
 * with `/` first, it answers the HTML of that page and the other files to
 * write ({@link PRERENDERED_PATHS}, and the empty {@link APP_SHELL_FILE});
 * each of those then comes back here. The page is rendered through
 * react-router's static handler, lazy routes loaded, like the browser draws
 * it for a new visitor (src/main.tsx hydrates it). No hydration data is
 * inlined: the routes have no loaders, and the Content Security Policy
 * allows no inline script.
 * @throws when a page is a redirect or fails to render: the build stops.
 */
export async function prerender({ url }: { url: string }): Promise<PrerenderResult> {
  if (url === APP_SHELL_FILE) return { html: '' };
  const path = PRERENDERED_PATHS.find((candidate) => prerenderedFile(candidate) === url || candidate === url);
  if (!path) throw new Error(`${url} is not a prerendered page (src/app/prerendered-pages.ts)`);

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answers a redirect (${context.status}): prerender its target instead`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Imported here, at build time, so no browser loads it. The edge build, not the browser one that Vite's client build
  // would pick: the browser build schedules its work on a MessageChannel that keeps the build's Node process alive.
  const { prerender: renderStatic } = await import('react-dom/static.edge');
  const { prelude } = await renderStatic(<App router={<StaticRouterProvider router={router} context={context} hydrate={false} />} />);
  const html = await new Response(prelude).text();

  if (path !== PRERENDERED_PATHS[0]) return { html };
  return { html, links: new Set([...PRERENDERED_PATHS.slice(1).map(prerenderedFile), APP_SHELL_FILE]) };
}

import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/App';
import { preloadMatchedRoutes } from './app/hydration';
import { APP_SHELL_FILE, PRERENDERED_PATHS, prerenderedFile } from './app/prerendered-pages';
import { AppRoutes, routes } from './app/router';

/** What vite-prerender-plugin writes for one file: the HTML inside #root, and the further files to write. */
export interface PrerenderedPage {
  html: string;
  links?: Set<string>;
}

/** Reads a web stream of UTF-8 to its end. */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/**
 * The build's prerendering (vite-prerender-plugin, through src/main.tsx's
 * `prerender`): called with `/` first, it answers the HTML of that page and
 * the other files to write ({@link PRERENDERED_PATHS}, and the empty
 * {@link APP_SHELL_FILE}); each of those then comes back here. A page is
 * drawn as the browser draws it for a new visitor: its routes' code loaded
 * first, then the app around a `StaticRouter` at that address, with
 * react-dom's static `prerender`, so the browser's first render hydrates it
 * (src/app/start.tsx). No script is written into the page, as the Content
 * Security Policy allows none inline: no Suspense boundary is outlined into
 * a `<template>` revealed by React's script (`progressiveChunkSize`), and
 * the routes have no data to inline.
 * @throws when `url` is not a prerendered page, fails to render or holds a script: the build stops.
 */
export async function prerenderPage({ url }: { url: string }): Promise<PrerenderedPage> {
  if (url === APP_SHELL_FILE) return { html: '' };
  const path = PRERENDERED_PATHS.find((candidate) => prerenderedFile(candidate) === url || candidate === url);
  if (!path) throw new Error(`${url} is not a prerendered page (src/app/prerendered-pages.ts)`);

  await preloadMatchedRoutes(routes, path);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <App>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </App>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) },
  );
  const html = await readAll(prelude);
  if (errors.length > 0) throw new Error(`${path} failed to prerender: ${String(errors[0])}`);
  if (/<(script|template)\b/i.test(html)) throw new Error(`${path} prerendered with a script or template, which the CSP blocks`);

  if (path !== PRERENDERED_PATHS[0]) return { html };
  return { html, links: new Set([...PRERENDERED_PATHS.slice(1).map(prerenderedFile), APP_SHELL_FILE]) };
}

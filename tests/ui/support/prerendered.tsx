import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { vi } from 'vitest';

/**
 * Puts the HTML `page` draws into a new element of the document, as the build's prerendering writes it into #root
 * (src/prerender.tsx: React's server renderer in Node, where there is no `window`, with the Suspense boundaries'
 * markers that hydration reads), and returns that element to hydrate.
 */
export function prerendered(page: ReactNode): HTMLElement {
  vi.stubGlobal('window', undefined);
  let html: string;
  try {
    html = renderToString(page);
  } finally {
    vi.unstubAllGlobals();
  }
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

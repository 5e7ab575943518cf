import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

/**
 * Puts the HTML `page` draws into a new element of the document, as the build's prerendering writes it into #root,
 * and returns that element to hydrate. The page is drawn in a scratch root that is unmounted at once: none of its
 * effects or listeners stays live beside the hydrated page.
 */
export function prerendered(page: ReactNode): HTMLElement {
  const scratch = document.createElement('div');
  const scratchRoot = createRoot(scratch);
  flushSync(() => scratchRoot.render(page));
  const root = document.createElement('div');
  root.innerHTML = scratch.innerHTML;
  scratchRoot.unmount();
  document.body.append(root);
  return root;
}

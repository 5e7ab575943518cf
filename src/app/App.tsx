import { StrictMode, type ReactNode } from 'react';

/**
 * The app around its router, in strict mode (react-query's client wraps only
 * the screens that use it: withQueryClient). `router` is
 * the browser's (src/app/start.tsx) or, at build time, the prerendering's
 * memory router (src/prerender.tsx): both draw the same tree, so the browser
 * can hydrate the prerendered HTML. Parents' screens talk only to our functions;
 * Firebase is loaded by the admin route alone.
 */
export function App({ router }: { router: ReactNode }) {
  return <StrictMode>{router}</StrictMode>;
}

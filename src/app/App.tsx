import { StrictMode, type ReactNode } from 'react';

/**
 * The app around its router, in strict mode (react-query's client wraps only
 * the screens that use it: withQueryClient). The router is the browser's
 * `BrowserRouter` (src/app/start.tsx) or, at build time, the prerendering's
 * `StaticRouter` (src/prerender.tsx), both around the same `AppRoutes`: the
 * same tree, so the browser can hydrate the prerendered HTML. Parents'
 * screens talk only to our functions; Firebase is loaded by the admin route alone.
 */
export function App({ children }: { children: ReactNode }) {
  return <StrictMode>{children}</StrictMode>;
}

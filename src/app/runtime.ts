/**
 * The libraries the app runs on, Preact (as React) and react-router: the
 * entry loads this module first, so that their code is evaluated in a task
 * of its own, before the app's modules (docs/architecture.md, "First load").
 * Named re-exports, of what src/app/start.tsx uses anyway: a namespace
 * import of 'react-router' would keep every export of the library.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
export { createBrowserRouter, RouterProvider } from 'react-router';

/**
 * React's renderer: the entry loads this module first, so that react-dom's
 * code is evaluated in a task of its own, before the router's and the app's
 * (docs/architecture.md, "First load").
 */
export { createRoot, hydrateRoot } from 'react-dom/client';

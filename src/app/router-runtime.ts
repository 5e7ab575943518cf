/**
 * react-router, in its declarative mode: the entry loads this module after
 * React's (src/app/react-runtime.ts), so that the router's code is evaluated
 * in a task of its own (docs/architecture.md, "First load"). A named
 * re-export: a namespace import of 'react-router' would keep every export.
 */
export { BrowserRouter } from 'react-router';

/**
 * The baseline of `npm run lighthouse` (docs/benchmarks.md): a bare Vite + React 19 + react-router 7 page, built the
 * same way as the app, so the app's scores can be read beside what the framework alone costs (docs/benchmarks.md).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider } from 'react-router';

const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <main style={{ fontFamily: 'system-ui, sans-serif', padding: '1.5rem', maxWidth: '40rem', margin: '0 auto' }}>
        <h1>Pagina di riferimento</h1>
        <p>Una pagina React con il router e nient&apos;altro, per confrontare le misure dell&apos;app.</p>
        <Link to="/">Torna all&apos;inizio</Link>
      </main>
    ),
  },
]);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

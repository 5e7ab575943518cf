import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';

/**
 * The app around its router: strict mode and the query client. `router` is
 * the browser's (src/app/start.tsx) or, at build time, the prerendering's
 * memory router (src/prerender.tsx): both draw the same tree, so the browser
 * can hydrate the prerendered HTML. Parents' screens talk only to our functions;
 * Firebase is loaded by the admin route alone.
 */
export function App({ router }: { router: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{router}</QueryClientProvider>
    </StrictMode>
  );
}

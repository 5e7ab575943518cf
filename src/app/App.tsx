import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useLayoutEffect, useState, type ReactNode } from 'react';
import { takeOverEarlyInput } from '@/lib/early-input';
import { createQueryClient } from '@/lib/query-client';

/**
 * The app around its router: strict mode and the query client. `router` is
 * the browser's (src/app/start.tsx) or, at build time, the prerendering's
 * memory router (src/prerender.tsx): both draw the same tree, so the browser
 * can hydrate the prerendered HTML. Parents' screens talk only to our functions;
 * Firebase is loaded by the admin route alone. Once drawn, what a parent
 * typed or sent on the prerendered page reaches the app (takeOverEarlyInput).
 */
export function App({ router }: { router: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useLayoutEffect(takeOverEarlyInput, []);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{router}</QueryClientProvider>
    </StrictMode>
  );
}

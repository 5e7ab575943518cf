import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { Alert } from '../components/ui/Alert';
import { firebaseSettings } from '../lib/env';
import { createQueryClient } from '../lib/query-client';
import { keepVisitorSignedIn } from '../lib/session';
import { router } from './router';

/** The app: query client, visitor session and routes. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => keepVisitorSignedIn(), []);
  return (
    <QueryClientProvider client={queryClient}>
      {!firebaseSettings && (
        <Alert kind="error">Il database del portale non è configurato: le ricerche e gli ordini non sono disponibili.</Alert>
      )}
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

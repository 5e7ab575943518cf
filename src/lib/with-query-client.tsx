import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, type ComponentType } from 'react';
import { createQueryClient } from './query-client';

let appClient: QueryClient | null = null;

/**
 * `Component` inside the app's query client (docs/architecture.md, "First
 * load"): react-query serves the screens loaded on demand (the admin, the
 * checkout, the code step, the uploads), so it is not in a parent's first
 * visit; all of them share one client, made on first use, and its cache.
 * Under a provider already (the tests' own), that one is used.
 */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    const outer = useContext(QueryClientContext);
    if (outer) return <Component {...props} />;
    return (
      <QueryClientProvider client={(appClient ??= createQueryClient())}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}

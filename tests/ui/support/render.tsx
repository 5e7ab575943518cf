import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, type InitialEntry } from 'react-router';
import { createQueryClient } from '@/lib/query-client';

/** Options of {@link renderWithProviders}. */
export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** The query client; by default the app's own (createQueryClient) with retries off, new for each render. */
  queryClient?: QueryClient;
  /** When given, the tree is rendered in a MemoryRouter at these addresses (the test's own <Routes> inside). */
  initialEntries?: InitialEntry[];
}

/**
 * Renders `ui` as the app does (src/app/App.tsx): inside a QueryClientProvider
 * of the app's query client, with retries off so a failure shows at once, and,
 * for screens that use the router, a MemoryRouter. `rerender` keeps the same
 * providers. Returns the render result, the query client and a user-event
 * session.
 */
export function renderWithProviders(
  ui: ReactElement,
  { queryClient = createQueryClient({ retry: false }), initialEntries, ...options }: ProvidersOptions = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {initialEntries ? <MemoryRouter initialEntries={initialEntries}>{children}</MemoryRouter> : children}
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper, ...options }), queryClient, user: userEvent.setup() };
}

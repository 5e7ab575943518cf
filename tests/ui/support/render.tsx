import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, type InitialEntry } from 'react-router';
import type { Staff } from '@domain/staff/staff-roles';
import { StaffContext } from '@/features/admin/shell/staff-context';
import { createQueryClient } from '@/lib/query-client';

/** Options of {@link renderWithProviders}. */
export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** The query client; by default the app's own (createQueryClient) with retries off, new for each render. */
  queryClient?: QueryClient;
  /** When given, the tree is rendered in a MemoryRouter at these addresses (the test's own <Routes> inside). */
  initialEntries?: InitialEntry[];
  /** The signed-in volunteer the admin views see (AdminGate's StaffContext); an admin by default. */
  staff?: Staff;
}

/**
 * Renders `ui` as the app does (src/app/App.tsx): inside a QueryClientProvider
 * of the app's query client, with retries off so a failure shows at once, and,
 * for screens that use the router, a MemoryRouter; with the volunteer's role
 * AdminGate would provide. `rerender` keeps the same
 * providers. Returns the render result, the query client and a user-event
 * session.
 */
export function renderWithProviders(
  ui: ReactElement,
  { queryClient = createQueryClient({ retry: false }), initialEntries, staff = { role: 'admin' }, ...options }: ProvidersOptions = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <StaffContext value={staff}>
        {initialEntries ? <MemoryRouter initialEntries={initialEntries}>{children}</MemoryRouter> : children}
      </StaffContext>
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper, ...options }), queryClient, user: userEvent.setup() };
}

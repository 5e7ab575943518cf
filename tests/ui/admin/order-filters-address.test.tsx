import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useOrderFilters } from '@/features/admin/payments/use-order-filters';
import { useAdminSeason } from '@/features/admin/shell/use-admin-season';

/**
 * The desk's filters and season live in the address (docs/admin-orders.md,
 * "The list"). Two changes made before React renders the first — the
 * debounced surname firing just after the admin picks a 'Metodo' — must both
 * land: react-router's own functional setter starts from the render that
 * created it and would drop the first.
 */
const atDesk =
  (address: string) =>
  ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>;

function useDesk() {
  const [filters, setFilters] = useOrderFilters();
  const [season, setSeason] = useAdminSeason();
  return { filters, setFilters, season, setSeason, search: useLocation().search };
}

describe("the desk's address", () => {
  it('keeps two filter changes made with the same setter before a render', () => {
    const { result } = renderHook(useDesk, { wrapper: atDesk('/admin/check-pagamenti?stagione=2024') });
    const { setFilters } = result.current;
    act(() => {
      setFilters({ method: 'Bonifico' });
      setFilters({ surname: 'rossi' });
    });
    expect(result.current.filters).toMatchObject({ method: 'Bonifico', surname: 'rossi' });
    expect(Object.fromEntries(new URLSearchParams(result.current.search))).toEqual({
      stagione: '2024',
      metodo: 'Bonifico',
      cognome: 'rossi',
    });
  });

  it('keeps a season change and a filter change made before a render', () => {
    const { result } = renderHook(useDesk, { wrapper: atDesk('/admin/check-pagamenti?metodo=Online') });
    const { setFilters, setSeason } = result.current;
    act(() => {
      setSeason(2024);
      setFilters({ status: 'Confermato' });
    });
    expect(result.current.season).toBe(2024);
    expect(Object.fromEntries(new URLSearchParams(result.current.search))).toEqual({
      metodo: 'Online',
      stagione: '2024',
      stato: 'Confermato',
    });
  });
});

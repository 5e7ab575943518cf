import { readOrderFilters, writeOrderFilters, type FilterChange, type OrderFilters } from '@domain/orders/admin-orders';
import { useSearchParamsUpdate } from '@/features/admin/shell/use-search-params-update';

/**
 * The orders desk's filters, kept in the address (docs/admin-orders.md,
 * "The list"): `?cognome=&prodotto=&metodo=&stato=`, so a reload or a shared
 * link shows the same orders. The setter changes only the filters it is
 * given, keeps every other parameter (the shell's `stagione`) and replaces
 * the history entry rather than adding one per keystroke. Two changes made
 * before React renders the first both land (useSearchParamsUpdate).
 */
export function useOrderFilters(): [filters: OrderFilters, setFilters: (change: FilterChange) => void] {
  const [params, update] = useSearchParamsUpdate();
  const setFilters = (change: FilterChange) => update((current) => writeOrderFilters(current, change), { replace: true });
  return [readOrderFilters(params), setFilters];
}

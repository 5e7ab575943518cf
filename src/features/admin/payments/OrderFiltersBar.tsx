import { useEffect, useRef, useState } from 'react';
import { Select, type SelectOption } from '@/components/ui/Select';
import { TextField } from '@/components/ui/TextField';
import { ORDER_STATUSES, type FilterChange, type OrderFilters } from '@domain/orders/admin-orders';
import { RECORDED_METHODS } from '@domain/payments/payment-method';

/** Milliseconds of quiet after typing before the surname filter reads again. */
export const SURNAME_DEBOUNCE_MS = 300;

const ALL = { value: '', label: 'Tutti' } as const;
const options = (values: readonly string[]): SelectOption[] => [ALL, ...values.map((value) => ({ value, label: value }))];
const METHOD_OPTIONS = options(RECORDED_METHODS);
const STATUS_OPTIONS = options(ORDER_STATUSES);

/** Props of {@link OrderFiltersBar}. */
export interface OrderFiltersBarProps {
  filters: OrderFilters;
  /** The season's plans for 'Prodotto' (useSeasonPlans). */
  plans: readonly string[];
  onChange: (change: FilterChange) => void;
}

/**
 * The orders desk's filters (docs/admin-orders.md, "The list"): 'Filtra per
 * cognome' (a prefix of the family surname, ignoring spaces and case, applied
 * {@link SURNAME_DEBOUNCE_MS} ms after the last keystroke), 'Prodotto',
 * 'Metodo' and 'Stato' (each 'Tutti' or one value, applied at once).
 */
export function OrderFiltersBar({ filters, plans, onChange }: OrderFiltersBarProps) {
  const [surname, setSurname] = useState(filters.surname);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const typeSurname = (value: string) => {
    setSurname(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latestOnChange.current({ surname: value }), SURNAME_DEBOUNCE_MS);
  };

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <TextField label="Filtra per cognome" value={surname} onChange={(event) => typeSurname(event.target.value)} autoComplete="off" />
      <Select label="Prodotto" options={options(plans)} value={filters.plan ?? ''} onChange={(value) => onChange({ plan: value })} />
      <Select label="Metodo" options={METHOD_OPTIONS} value={filters.method ?? ''} onChange={(value) => onChange({ method: value })} />
      <Select label="Stato" options={STATUS_OPTIONS} value={filters.status ?? ''} onChange={(value) => onChange({ status: value })} />
    </div>
  );
}

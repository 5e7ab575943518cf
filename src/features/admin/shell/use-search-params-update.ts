import { useEffect } from 'react';
import { useLocation, useSearchParams, type NavigateOptions } from 'react-router';

/** A change of the address's search parameters: the current ones in, the next ones out. */
export type SearchParamsChange = (current: URLSearchParams) => URLSearchParams;

/**
 * The parameters last written and not yet rendered, shared by every caller
 * of {@link useSearchParamsUpdate} (the address is one per page, so is this);
 * `null` once React has rendered the address they produced.
 */
let unrendered: URLSearchParams | null = null;

/**
 * react-router's `useSearchParams`, with writes that compose. Its own
 * functional setter starts from the parameters of the render that created
 * it, so a write made before React renders the previous one (the debounced
 * surname filter firing just after the admin picks a 'Metodo' or a season,
 * on a slow phone or a busy laptop) undoes it. Here every write starts from
 * the last parameters written, until React renders the address, then from
 * the rendered ones (docs/admin-orders.md, "The list").
 */
export function useSearchParamsUpdate(): [
  params: URLSearchParams,
  update: (change: SearchParamsChange, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  useEffect(() => {
    unrendered = null;
  }, [key]);
  const update = (change: SearchParamsChange, options?: NavigateOptions) => {
    const next = change(new URLSearchParams(unrendered ?? params));
    unrendered = next;
    setParams(next, options);
  };
  return [params, update];
}

import type { ReactNode } from 'react';

/** Props of {@link ChildCard}. */
export interface ChildCardProps {
  name: string;
  surname: string;
  fiscalCode: string;
  branch: string;
  /** Whether the child is chosen; omit for a card without a checkbox. */
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  /** Already formatted price shown on a chosen card, e.g. "100,00 €". */
  price?: string;
  /** Extra controls under the details (size picker, file picker…). */
  children?: ReactNode;
}

/**
 * A child's card (the children listed by the payment screens, docs/product.md "Order flow"): name, surname, fiscal code and branch,
 * optionally a checkbox to choose the child (the whole header is its label),
 * the price of a chosen child and extra controls.
 */
export function ChildCard({ name, surname, fiscalCode, branch, checked, onCheckedChange, price, children }: ChildCardProps) {
  const selectable = checked !== undefined;
  const details = (
    <>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-gray-900">
          {name} {surname}
        </span>
        <span className="block font-mono text-xs tracking-wide text-gray-500">{fiscalCode}</span>
        <span className="mt-1 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">{branch}</span>
      </span>
      {price && <span className="shrink-0 text-right font-semibold text-brand-700">{price}</span>}
    </>
  );
  return (
    <div
      className={`rounded-xl border bg-white p-4 shadow-sm transition ${
        checked ? 'border-brand-600 ring-2 ring-brand-600/20' : 'border-gray-200'
      }`}
    >
      {selectable ? (
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-brand-600"
            checked={checked}
            onChange={(event) => onCheckedChange?.(event.target.checked)}
          />
          {details}
        </label>
      ) : (
        <div className="flex items-start gap-3">{details}</div>
      )}
      {children && <div className="mt-3">{children}</div>}
    </div>
  );
}

import { useId, type ReactNode } from 'react';

/** A short state of the child shown as a badge: 'success' green, 'warning' amber. */
export interface ChildCardStatus {
  text: string;
  tone: 'success' | 'warning';
}

const STATUS_STYLES: Record<ChildCardStatus['tone'], string> = {
  success: 'bg-green-50 text-green-800 ring-green-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
};

/** Props of {@link ChildCard}. */
export interface ChildCardProps {
  name: string;
  surname: string;
  fiscalCode: string;
  branch: string;
  /** Whether the child is chosen; omit for a card without a checkbox. */
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  /** The checkbox cannot be ticked (dimmed, not clickable); give the reason as `status`. */
  disabled?: boolean;
  /** A badge under the branch, e.g. 'Bonifico in verifica'; it also describes the checkbox to screen readers. */
  status?: ChildCardStatus;
  /** Already formatted price shown on a chosen card, e.g. "100,00 €". */
  price?: string;
  /** Extra controls under the details (size picker, file picker…). */
  children?: ReactNode;
}

/**
 * A child's card (the children listed by the payment screens, docs/product.md "Order flow"): name, surname, fiscal code and branch,
 * optionally a checkbox to choose the child (the whole header is its label),
 * a status badge (what the child already holds, for instance), the price of
 * a chosen child and extra controls. A `disabled` card is dimmed and its
 * checkbox cannot be ticked; the badge is its accessible description
 * (aria-describedby), so a screen reader says why.
 */
export function ChildCard({
  name,
  surname,
  fiscalCode,
  branch,
  checked,
  onCheckedChange,
  disabled = false,
  status,
  price,
  children,
}: ChildCardProps) {
  const statusId = useId();
  const selectable = checked !== undefined;
  const details = (
    <>
      <span className="min-w-0 flex-1">
        <span className={`block font-semibold ${disabled ? 'text-gray-600' : 'text-gray-900'}`}>
          {name} {surname}
        </span>
        <span className="block font-mono text-sm tracking-wide text-gray-600">{fiscalCode}</span>
        <span className="mt-1 flex flex-wrap gap-1.5">
          <span className="inline-block rounded-full bg-brand-50 px-2 py-0.5 text-sm font-medium text-brand-700">{branch}</span>
          {status && (
            <span
              id={statusId}
              className={`inline-block rounded-full px-2 py-0.5 text-sm font-medium ring-1 ${STATUS_STYLES[status.tone]}`}
            >
              {status.text}
            </span>
          )}
        </span>
      </span>
      {price && <span className="shrink-0 text-right font-semibold text-brand-700">{price}</span>}
    </>
  );
  return (
    <div
      className={`rounded-xl border p-4 shadow-sm transition ${
        checked
          ? 'border-brand-600 bg-white ring-2 ring-brand-600/20'
          : disabled
            ? 'border-gray-200 bg-gray-50'
            : 'border-gray-200 bg-white'
      }`}
    >
      {selectable ? (
        <label className={`flex items-start gap-3 ${disabled ? 'cursor-not-allowed' : 'cursor-pointer'}`}>
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-brand-600 disabled:cursor-not-allowed disabled:opacity-40"
            checked={checked}
            disabled={disabled}
            aria-describedby={status ? statusId : undefined}
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

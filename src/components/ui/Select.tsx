import { useId, type Ref } from 'react';
import { ChevronDownIcon } from './ChevronDownIcon';

/** One choice of a {@link Select}. */
export interface SelectOption {
  value: string;
  label: string;
}

/** Props of {@link Select}. */
export interface SelectProps {
  label: string;
  options: readonly SelectOption[];
  /** The chosen value, '' when none. */
  value: string;
  onChange: (value: string) => void;
  /** Shown while nothing is chosen, as a disabled first option; left out when an option has the value ''. */
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  className?: string;
  /** The native `<select>`, e.g. to move the focus to it when it has the first error. */
  ref?: Ref<HTMLSelectElement>;
  name?: string;
  onBlur?: () => void;
}

/**
 * Single-select dropdown (docs/architecture.md, "Shape": components/ui; 'Quota da Pagare', 'Metodo di Pagamento',
 * sizes, the admin's filters): a styled native `<select>`, so a phone shows its own picker and no JavaScript
 * library is loaded for it (docs/architecture.md, "First load"). The label is tied to it; an error text shows under it
 * (aria-invalid, aria-describedby). While `value` is '' the placeholder shows as a disabled empty first option
 * in gray-600 (contrast 7:1 on white, WCAG AA). Text 16px (no zoom on iOS), at least 44px tall.
 */
export function Select({
  label,
  options,
  value,
  onChange,
  placeholder = 'Seleziona…',
  error,
  disabled,
  className = '',
  ref,
  name,
  onBlur,
}: SelectProps) {
  const selectId = useId();
  const errorId = `${selectId}-error`;
  const hasEmptyOption = options.some((option) => option.value === '');
  const showsPlaceholder = value === '' && !hasEmptyOption;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="relative">
        <select
          ref={ref}
          id={selectId}
          name={name}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`block min-h-11 w-full cursor-pointer appearance-none rounded-lg border bg-white py-2.5 pr-10 pl-3 text-base shadow-sm outline-none focus:ring-2 disabled:cursor-not-allowed disabled:opacity-50 ${
            showsPlaceholder ? 'text-gray-600' : 'text-gray-900'
          } ${error ? 'border-red-600 focus:ring-red-600' : 'border-gray-500 focus:border-brand-600 focus:ring-brand-600'}`}
        >
          {!hasEmptyOption && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value} className="text-gray-900">
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-gray-600" />
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

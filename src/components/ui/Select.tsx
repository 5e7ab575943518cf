import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useId } from 'react';
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
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * Single-select dropdown (docs/architecture.md, "Shape": components/ui; 'Quota da Pagare', 'Metodo di Pagamento', sizes),
 * built on Headless UI's Listbox: keyboard accessible, list at most 15rem
 * high and scrolling. An error text shows under it.
 */
export function Select({ label, options, value, onChange, placeholder = 'Seleziona…', error, disabled, className = '' }: SelectProps) {
  const errorId = useId();
  const chosen = options.find((option) => option.value === value);
  return (
    <Field className={className} disabled={disabled}>
      <Label className="mb-1 block text-sm font-medium text-gray-800">{label}</Label>
      <Listbox value={value} onChange={onChange}>
        <div className="relative">
          <ListboxButton
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`flex w-full items-center justify-between rounded-lg border bg-white px-3 py-2.5 text-left text-base shadow-sm outline-none focus:ring-2 data-disabled:opacity-50 ${
              error ? 'border-red-500 focus:ring-red-200' : 'border-gray-300 focus:border-brand-600 focus:ring-brand-100'
            }`}
          >
            <span className={chosen ? 'text-gray-900' : 'text-gray-400'}>{chosen?.label ?? placeholder}</span>
            <ChevronDownIcon className="size-5 text-gray-400" />
          </ListboxButton>
          <ListboxOptions className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-black/10 focus:outline-none">
            {options.map((option) => (
              <ListboxOption
                key={option.value}
                value={option.value}
                className="cursor-pointer px-3 py-2 text-gray-900 select-none data-focus:bg-brand-50 data-selected:font-semibold data-selected:text-brand-700"
              >
                {option.label}
              </ListboxOption>
            ))}
          </ListboxOptions>
        </div>
      </Listbox>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </Field>
  );
}

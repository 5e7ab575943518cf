import { useId, type InputHTMLAttributes, type Ref } from 'react';

/** Props of {@link TextField}: native input props plus a label and an error text. */
export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input. An error text is shown under it and tied to the
 * input (aria-invalid, aria-describedby). Spreads native props (value,
 * onChange, autoComplete…) onto the input.
 */
export function TextField({ label, error, id, className = '', ref, ...props }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`block min-h-11 w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm ${
          error ? 'border-red-600 focus-visible:outline-red-700' : 'border-gray-500 focus:border-brand-600'
        }`}
        {...props}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

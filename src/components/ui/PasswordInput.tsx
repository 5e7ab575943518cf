import { useId, useState, type InputHTMLAttributes } from 'react';

/** Props of {@link PasswordInput}: native input props plus a label. */
export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
}

/** A password input with a show/hide toggle (the 'Accesso Admin' form, docs/product.md "Screens"). */
export function PasswordInput({ label, id, ...props }: PasswordInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          className="block min-h-11 w-full rounded-lg border border-gray-500 bg-white px-3 py-2.5 pr-24 text-base shadow-sm focus:border-brand-600"
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? 'Nascondi password' : 'Mostra password'}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 min-w-11 rounded-r-lg px-3 text-sm font-medium text-brand-700 focus-visible:-outline-offset-2"
        >
          {visible ? 'Nascondi' : 'Mostra'}
        </button>
      </div>
    </div>
  );
}

import { useId, useRef } from 'react';

/** Props of {@link FilePicker}. */
export interface FilePickerProps {
  /** The chosen file, or null. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** e.g. ".pdf,application/pdf" */
  accept?: string;
  placeholder?: string;
  /** Accessible name of the hidden input, e.g. 'Scheda medica di Sara'. */
  inputLabel: string;
  error?: string | null;
  disabled?: boolean;
}

/**
 * A one-file picker (the `/scheda-medica` screen, docs/product.md "Screens" and "Rules", "Medical form"): button
 * 'Seleziona File', the chosen file's name or the placeholder, and a button
 * to clear the choice. Choosing the same file again after clearing works.
 */
export function FilePicker({ file, onChange, accept, placeholder = 'Carica Scheda Medica', inputLabel, error, disabled }: FilePickerProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <div className="flex items-center gap-2">
        {/* The input first, so its focus can ring the visible label (Tailwind's peer). */}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={accept}
          aria-label={inputLabel}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
          className="peer sr-only"
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
        <label
          htmlFor={inputId}
          className={`inline-flex min-h-11 shrink-0 cursor-pointer items-center rounded-lg bg-brand-50 px-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-600/30 hover:bg-brand-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${
            disabled ? 'pointer-events-none opacity-50' : ''
          }`}
        >
          Seleziona File
        </label>
        <span className={`min-w-0 flex-1 truncate text-sm ${file ? 'text-gray-900' : 'text-gray-600'}`} title={file?.name}>
          {file ? file.name : placeholder}
        </span>
        {file && !disabled && (
          <button
            type="button"
            aria-label="Rimuovi file"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-800"
            onClick={() => {
              if (input.current) input.current.value = '';
              onChange(null);
            }}
          >
            <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22z" />
            </svg>
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';

/** Props of {@link Button}: native button props plus look and a loading state. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary';
  size?: 'sm' | 'md';
  /** Shows a spinner and disables the button. */
  loading?: boolean;
}

const VARIANTS = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600',
  secondary: 'bg-white text-brand-700 ring-1 ring-brand-600/40 hover:bg-brand-50 focus-visible:outline-brand-600',
};
// Both sizes are at least 44px tall (docs/architecture.md, "Accessibility"); sm is only narrower and smaller in text.
const SIZES = { sm: 'min-h-11 min-w-11 px-3 py-1.5 text-sm', md: 'min-h-11 px-5 py-2.5 text-base' };

/**
 * A button, primary or secondary, sm or md, at least 44x44 px either way (docs/architecture.md, "Shape": components/ui). Disabled (or
 * loading) it is dimmed and not clickable. Defaults to type="button".
 */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  className = '',
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]} ${SIZES[size]} ${className}`}
      {...props}
    >
      {loading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}

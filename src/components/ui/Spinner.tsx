/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** Accessible label; default 'Caricamento'. */
  label?: string;
  className?: string;
}

/** A spinning indicator with an accessible Italian label (docs/architecture.md, "Shape": components/ui). */
export function Spinner({ label = 'Caricamento', className = 'size-6' }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <svg className={`animate-spin text-current ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
        <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
      </svg>
    </span>
  );
}

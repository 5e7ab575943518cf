import type { ReactNode } from 'react';

/** The alert kinds (docs/architecture.md, "Shape": components/ui). */
export type AlertKind = 'info' | 'warning' | 'error' | 'success';

/** Props of {@link Alert}. */
export interface AlertProps {
  kind: AlertKind;
  title?: string;
  children: ReactNode;
  className?: string;
}

const STYLES: Record<AlertKind, string> = {
  info: 'bg-sky-50 text-sky-900 ring-sky-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  error: 'bg-red-50 text-red-900 ring-red-200',
  success: 'bg-green-50 text-green-900 ring-green-200',
};

/**
 * A coloured message box. Errors are announced at once (role="alert"); the
 * other kinds politely (role="status").
 */
export function Alert({ kind, title, children, className = '' }: AlertProps) {
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={`rounded-xl p-4 text-sm ring-1 ${STYLES[kind]} ${className}`}>
      {title && <p className="mb-1 font-semibold">{title}</p>}
      <div>{children}</div>
    </div>
  );
}

import { useEffect, useState } from 'react';

/** Props of {@link CopyButton}. */
export interface CopyButtonProps {
  /** The text put on the clipboard. */
  text: string;
  /** What is copied, for the accessible label 'Copia {what}'. */
  what: string;
}

/**
 * Copies `text` to the clipboard and says 'Copiato!' for two seconds; when
 * the browser refuses, says 'Copia non riuscita'. At least 44x44 px (docs/architecture.md, "Accessibility").
 */
export function CopyButton({ text, what }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={`Copia ${what}`}
      className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md px-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-600/30 hover:bg-brand-50"
    >
      <span aria-live="polite">{state === 'copied' ? 'Copiato!' : state === 'failed' ? 'Copia non riuscita' : 'Copia'}</span>
    </button>
  );
}

import { Link, type LinkProps } from 'react-router';

/** A link that looks like the secondary Button (at least 44 px tall): 'Importa anagrafica', 'Torna a Famiglie'. */
export function LinkButton({ className = '', ...props }: LinkProps) {
  return (
    <Link
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-600/40 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
      {...props}
    />
  );
}

/** The grey badge of an archived child (kept for the books, hidden from the parents). */
export function ArchivedBadge() {
  return <span className="ml-2 inline-block rounded-full bg-gray-100 px-2 py-0.5 text-sm font-semibold text-gray-700">Archiviato</span>;
}

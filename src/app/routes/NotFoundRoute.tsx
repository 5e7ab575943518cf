import { Link } from 'react-router';

/** Any unknown address: a way back instead of a blank page. */
export function NotFoundRoute() {
  return (
    <div className="mx-auto max-w-xl space-y-3 text-center">
      <h1 className="text-2xl font-bold text-brand-800">Pagina non trovata</h1>
      <p className="text-gray-600">L'indirizzo richiesto non esiste.</p>
      <Link to="/" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
        Torna all'area famiglie
      </Link>
    </div>
  );
}

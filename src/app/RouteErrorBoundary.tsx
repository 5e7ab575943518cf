import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * The layout route's error boundary: whatever a screen throws (a chunk that
 * failed to load after a deploy, a bug) shows an Italian message with a
 * reload button instead of React Router's English default. The error is
 * logged for the developer.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  console.error('Errore della pagina:', error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div role="alert" className="mx-auto max-w-xl space-y-4 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200">
      <h1 className="text-2xl font-bold text-brand-800">{notFound ? 'Pagina non trovata' : 'Qualcosa è andato storto'}</h1>
      <p className="text-gray-700">
        {notFound
          ? "L'indirizzo richiesto non esiste."
          : 'La pagina non si è caricata correttamente. Ricaricala: se il problema resta, riprova tra qualche minuto.'}
      </p>
      <button
        type="button"
        className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        onClick={() => window.location.reload()}
      >
        Ricarica la pagina
      </button>
    </div>
  );
}

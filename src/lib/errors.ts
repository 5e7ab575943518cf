import { UserFacingError } from './api/functions-client';

/** The generic Italian sentence for an error nobody explained. */
export const UNEXPECTED_ERROR = 'Si è verificato un errore imprevisto. Riprova tra qualche istante.';

/**
 * An Italian sentence for an error a screen shows next to a retry: the
 * message of a {@link UserFacingError} (our functions' own words), of a
 * missing configuration, a connection problem for Firebase's network and
 * permission codes, or a generic sentence. Pure: callers log the error.
 */
export function describeError(error: unknown): string {
  if (error instanceof UserFacingError) return error.message;
  if (error instanceof Error && error.name === 'ServiceNotConfiguredError') return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'unavailable':
    case 'deadline-exceeded':
    case 'auth/network-request-failed':
      return 'Il servizio non è raggiungibile. Controlla la connessione e riprova.';
    case 'permission-denied':
    case 'unauthenticated':
      return 'Accesso ai dati non consentito. Accedi di nuovo e riprova.';
    default:
      return UNEXPECTED_ERROR;
  }
}

import { FirebaseError } from 'firebase/app';

/**
 * An Italian sentence for an error a screen cannot recover from by itself,
 * for an error alert next to a retry. Known Firebase codes get a specific
 * sentence; anything else a generic one. Pure: callers log the error.
 */
export function describeError(error: unknown): string {
  if (error instanceof FirebaseError) {
    switch (error.code) {
      case 'unavailable':
      case 'deadline-exceeded':
      case 'auth/network-request-failed':
        return 'Il servizio non è raggiungibile. Controlla la connessione e riprova.';
      case 'permission-denied':
      case 'unauthenticated':
        return 'Accesso ai dati non consentito. Ricarica la pagina e riprova.';
      default:
        return 'Si è verificato un errore imprevisto. Riprova tra qualche istante.';
    }
  }
  if (error instanceof Error && error.name === 'ServiceNotConfiguredError') return error.message;
  return 'Si è verificato un errore imprevisto. Riprova tra qualche istante.';
}

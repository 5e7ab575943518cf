import { UserFacingError } from '@/lib/api/functions-client';

/** The Italian sentence for a failed read or save of the season's settings: the function's own message, or a generic one. */
export function settingsErrorMessage(error: unknown): string {
  return error instanceof UserFacingError ? error.message : 'Operazione non riuscita. Riprova tra qualche istante.';
}

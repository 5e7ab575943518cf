import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api/functions-client';
import { mutationKeys } from '@/lib/api/query-keys';

/**
 * What request-access-code answers: the browser already holds a live session
 * for the family (`session`: no code needed), or a code was e-mailed to the
 * parent (`email` masked, e.g. 'm•••@e•••.com'; 'Invia di nuovo' is allowed
 * after `resendAfterSeconds`).
 */
export type AccessCodeRequest = { status: 'session' } | { status: 'code-sent'; email: string; resendAfterSeconds: number };

/** The `code-sent` answer of request-access-code. */
export type CodeSent = Extract<AccessCodeRequest, { status: 'code-sent' }>;

/** The answers' schemas, loaded on demand with zod (not in the first bundle). */
export const loadAccessCodeSchemas = () => import('./access-code-schemas');

/**
 * Starts loading the answers' schemas (and zod) while the parent types, so
 * 'Trova' waits only for the request (docs/architecture.md, "First load").
 */
export function preloadAccessCode(): void {
  void loadAccessCodeSchemas().catch(() => undefined);
}

/**
 * Asks request-access-code `{ cf }` (or `{ cf, resend: true }` for 'Invia di
 * nuovo') for access to the family of the parent's normalised fiscal code.
 * @throws UserFacingError with the function's Italian message: 400 invalid
 * code, 404 unknown code, 422 no e-mail address on record, 429 too many
 * attempts, 503 not configured; 0 when unreachable.
 */
export function requestAccessCode(cf: string, resend = false): Promise<AccessCodeRequest> {
  return callFunction(
    'request-access-code',
    resend ? { cf, resend: true } : { cf },
    async () => (await loadAccessCodeSchemas()).accessCodeRequestSchema,
  );
}

/** request-access-code as a mutation: `mutateAsync({ cf, resend })`. */
export function useRequestAccessCode() {
  return useMutation({
    mutationKey: mutationKeys.requestAccessCode,
    mutationFn: ({ cf, resend = false }: { cf: string; resend?: boolean }) => requestAccessCode(cf, resend),
  });
}

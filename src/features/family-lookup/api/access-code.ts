import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api/functions-client';
import { mutationKeys } from '@/lib/api/query-keys';

/**
 * What request-access-code answers: the browser already holds a live session
 * for the family (`session`: no code needed); a code (and a one-time sign-in
 * link) was e-mailed to the parent (`code-sent`: `email` masked, e.g.
 * 'm•••@e•••.com'; 'Invia di nuovo' is allowed after `resendAfterSeconds`;
 * `sameCode` when it is the code already sent, not a new one); or, while the
 * parent's codes are paused for the day, a sign-in link alone (`link-sent`).
 */
export type AccessCodeRequest =
  | { status: 'session' }
  | { status: 'code-sent'; email: string; resendAfterSeconds: number; sameCode?: boolean }
  | { status: 'link-sent'; email: string; resendAfterSeconds: number };

/** The answers of request-access-code that open the code step: a code, or a link alone, on its way. */
export type CodeSent = Extract<AccessCodeRequest, { status: 'code-sent' | 'link-sent' }>;

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
 * Asks request-access-code `{ cf, returnPath }` (with `resend: true` for
 * 'Invia di nuovo') for access to the family of the parent's normalised
 * fiscal code; `returnPath` is the screen the e-mailed link leads back to
 * (the server keeps it only when it is one of the screens with 'Trova').
 * @throws UserFacingError with the function's Italian message: 400 invalid
 * code, 404 unknown code, 422 no e-mail address on record, 429 too many
 * attempts or access e-mails, 503 not configured; 0 when unreachable.
 */
export function requestAccessCode(cf: string, returnPath: string, resend = false): Promise<AccessCodeRequest> {
  return callFunction(
    'request-access-code',
    resend ? { cf, returnPath, resend: true } : { cf, returnPath },
    async () => (await loadAccessCodeSchemas()).accessCodeRequestSchema,
  );
}

/** request-access-code as a mutation: `mutateAsync({ cf, returnPath, resend })`. */
export function useRequestAccessCode() {
  return useMutation({
    mutationKey: mutationKeys.requestAccessCode,
    mutationFn: ({ cf, returnPath, resend = false }: { cf: string; returnPath: string; resend?: boolean }) =>
      requestAccessCode(cf, returnPath, resend),
  });
}

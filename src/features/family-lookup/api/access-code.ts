import type { AnswerOf } from '@contracts/contract';
import { requestAccessCodeEndpoint } from '@contracts/family-access-endpoints';
import type { requestAccessCodeContract } from '@contracts/request-access-code';
import { callEndpoint } from '@/lib/api/functions-client';

/** What request-access-code answers (requestAccessCodeContract): a live session, a code sent, or a link alone. */
export type AccessCodeRequest = AnswerOf<typeof requestAccessCodeContract>;

/** The answers of request-access-code that open the code step: a code, or a link alone, on its way. */
export type CodeSent = Extract<AccessCodeRequest, { status: 'code-sent' | 'link-sent' }>;

/**
 * Asks request-access-code for access to the family of the parent's
 * normalised fiscal code `cf`; `returnPath` is the screen the e-mailed link
 * leads back to; `resend` for 'Invia di nuovo'. No schema loads with it
 * (`callEndpoint`).
 * @throws UserFacingError with the function's Italian message (0 when unreachable).
 */
export function requestAccessCode(cf: string, returnPath: string, resend = false): Promise<AccessCodeRequest> {
  return callEndpoint<typeof requestAccessCodeContract>(
    requestAccessCodeEndpoint,
    resend ? { cf, returnPath, resend: true } : { cf, returnPath },
  );
}

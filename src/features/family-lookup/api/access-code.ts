import type { AnswerOf } from '@contracts/contract';
import type { requestAccessCodeContract } from '@contracts/request-access-code';
import { callContract } from '@/lib/api/functions-client';

/** What request-access-code answers (requestAccessCodeContract): a live session, a code sent, or a link alone. */
export type AccessCodeRequest = AnswerOf<typeof requestAccessCodeContract>;

/** The answers of request-access-code that open the code step: a code, or a link alone, on its way. */
export type CodeSent = Extract<AccessCodeRequest, { status: 'code-sent' | 'link-sent' }>;

/** The contract, loaded with its first use (zod/mini with it): 'Trova' is in the first bundle, the contract is not. */
const loadContract = () => import('./lookup-contracts').then((module) => module.requestAccessCodeContract);

/**
 * Starts loading the contract (and zod/mini) while the parent types, so
 * 'Trova' waits only for the request (docs/architecture.md, "First load").
 */
export function preloadAccessCode(): void {
  void loadContract().catch(() => undefined);
}

/**
 * Asks request-access-code for access to the family of the parent's
 * normalised fiscal code `cf`; `returnPath` is the screen the e-mailed link
 * leads back to; `resend` for 'Invia di nuovo'.
 * @throws UserFacingError with the function's Italian message (0 when unreachable).
 */
export function requestAccessCode(cf: string, returnPath: string, resend = false): Promise<AccessCodeRequest> {
  return callContract(loadContract, resend ? { cf, returnPath, resend: true } : { cf, returnPath });
}

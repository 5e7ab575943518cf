import type { RequestOf } from '@contracts/contract';
import { verifyAccessCodeContract } from '@contracts/verify-access-code';
import { callContract } from '@/lib/api/functions-client';

// Only the code step (AccessCodeStep, loaded on demand) needs it, so its contract stays out of the first bundle.

/**
 * Sends verify-access-code the 6-digit code the parent received, with
 * `remember` for a longer-lived session on this device; the answer sets the
 * HttpOnly session cookie the browser sends with every later call.
 * @throws UserFacingError with the function's Italian message.
 */
export function verifyAccessCode(input: RequestOf<typeof verifyAccessCodeContract>) {
  return callContract(verifyAccessCodeContract, { cf: input.cf, code: input.code, remember: input.remember });
}

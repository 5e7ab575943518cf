import type { RequestOf } from '@contracts/contract';
import { verifyAccessCodeEndpoint } from '@contracts/family-access-endpoints';
import type { verifyAccessCodeContract } from '@contracts/verify-access-code';
import { callEndpoint } from '@/lib/api/functions-client';

/**
 * Sends verify-access-code the 6-digit code the parent received, with
 * `remember` for a longer-lived session on this device; the answer sets the
 * HttpOnly session cookie the browser sends with every later call. No
 * schema loads with it (`callEndpoint`).
 * @throws UserFacingError with the function's Italian message.
 */
export function verifyAccessCode(input: RequestOf<typeof verifyAccessCodeContract>) {
  return callEndpoint<typeof verifyAccessCodeContract>(verifyAccessCodeEndpoint, {
    cf: input.cf,
    code: input.code,
    remember: input.remember,
  });
}

import { useMutation } from '@tanstack/react-query';
import type { RequestOf } from '@contracts/contract';
import { verifyAccessLinkContract } from '@contracts/verify-access-link';
import { callContract } from '@/lib/api/functions-client';
import { mutationKeys } from '@/lib/api/query-keys';

/**
 * Sends verify-access-link the token of the one-time sign-in link (from
 * /accesso's fragment), with `remember` for a longer-lived session on this
 * device; the answer sets the session cookie, as the right code does, and
 * names the screen to go back to and the parent's fiscal code.
 * @throws UserFacingError with the function's Italian message.
 */
export function verifyAccessLink(input: RequestOf<typeof verifyAccessLinkContract>) {
  return callContract(verifyAccessLinkContract, { token: input.token, remember: input.remember });
}

/** verify-access-link as a mutation: `mutateAsync({ token, remember })`. */
export function useVerifyAccessLink() {
  return useMutation({ mutationKey: mutationKeys.verifyAccessLink, mutationFn: verifyAccessLink });
}

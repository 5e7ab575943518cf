import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api/functions-client';
import { mutationKeys } from '@/lib/api/query-keys';
import { loadAccessCodeSchemas } from './access-code';

/**
 * verify-access-link's answer: the link was live, and the server set the
 * session cookie; the screen to go back to (one with 'Trova', else the
 * home page) and the parent's fiscal code for its form.
 */
export interface LinkVerified {
  status: 'verified';
  returnPath: string;
  cf: string;
}

/**
 * Sends verify-access-link `{ token, remember }`: the token of the one-time
 * sign-in link (from /accesso's fragment); `remember` asks for a
 * longer-lived session on this device. On success the server sets the
 * HttpOnly session cookie, as with the right code.
 * @throws UserFacingError: 410 'Il link di accesso non è più valido…' (used,
 * expired or never sent), 400 malformed, 503 not configured, 0 unreachable.
 */
export function verifyAccessLink(input: { token: string; remember: boolean }): Promise<LinkVerified> {
  return callFunction(
    'verify-access-link',
    { token: input.token, remember: input.remember },
    async () => (await loadAccessCodeSchemas()).linkVerifiedSchema,
  );
}

/** verify-access-link as a mutation: `mutateAsync({ token, remember })`. */
export function useVerifyAccessLink() {
  return useMutation({ mutationKey: mutationKeys.verifyAccessLink, mutationFn: verifyAccessLink });
}

import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api/functions-client';
import { mutationKeys } from '@/lib/api/query-keys';
import { loadAccessCodeSchemas } from './access-code';

// verify-access-code, apart from the other access-code calls: only the code step (AccessCodeStep, loaded on demand)
// needs it, so it stays out of the first bundle (docs/architecture.md, "First load").

/** verify-access-code's answer: the code was right, and the server set the session cookie. */
export interface CodeVerified {
  status: 'verified';
}

/**
 * Sends verify-access-code `{ cf, code, remember }`: the 6-digit code the
 * parent received; `remember` asks for a longer-lived session on this device.
 * On success the server sets an HttpOnly session cookie (sent by the browser
 * with every later same-origin call).
 * @throws UserFacingError: 400 not 6 digits, 401 'Codice non valido', 410
 * 'Codice scaduto: richiedine uno nuovo', 429 too many attempts.
 */
export function verifyAccessCode(input: { cf: string; code: string; remember: boolean }): Promise<CodeVerified> {
  return callFunction(
    'verify-access-code',
    { cf: input.cf, code: input.code, remember: input.remember },
    async () => (await loadAccessCodeSchemas()).codeVerifiedSchema,
  );
}

/** verify-access-code as a mutation: `mutateAsync({ cf, code, remember })`. */
export function useVerifyAccessCode() {
  return useMutation({ mutationKey: mutationKeys.verifyAccessCode, mutationFn: verifyAccessCode });
}

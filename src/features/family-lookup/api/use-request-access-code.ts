import { useMutation } from '@tanstack/react-query';
import { mutationKeys } from '@/lib/api/query-keys';
import { requestAccessCode } from './access-code';

// Apart from access-code.ts: 'Trova' (the first visit) calls requestAccessCode, only the code step needs the mutation.

/** request-access-code as a mutation: `mutateAsync({ cf, returnPath, resend })`. */
export function useRequestAccessCode() {
  return useMutation({
    mutationKey: mutationKeys.requestAccessCode,
    mutationFn: ({ cf, returnPath, resend = false }: { cf: string; returnPath: string; resend?: boolean }) =>
      requestAccessCode(cf, returnPath, resend),
  });
}

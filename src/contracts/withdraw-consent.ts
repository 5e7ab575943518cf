import { z } from 'zod/mini';
import { defineContract } from './contract';
import { SIGNING_MESSAGES } from './document-signing';

/**
 * withdraw-consent, 'Revoca' (docs/api.md, "withdraw-consent";
 * docs/documents.md, "Withdrawing"), with the family's session: sets
 * `withdrawn_at` on one of THIS parent's signatures, once (again: the same
 * answer, no second e-mail); the record stays. Answers when it was withdrawn.
 */
export const withdrawConsentContract = defineContract({
  name: 'withdraw-consent',
  method: 'POST',
  request: z.object({ signatureId: z.string().check(z.minLength(1), z.maxLength(300)) }),
  answer: z.object({ status: z.literal('withdrawn'), withdrawnAt: z.iso.datetime() }),
  messages: { malformed: 'Richiesta non valida: aggiorna la pagina e riprova.', ...SIGNING_MESSAGES },
});

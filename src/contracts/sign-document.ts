import { z } from 'zod/mini';
import { defineContract } from './contract';
import { shownText, SIGNING_MESSAGES } from './document-signing';

const CODE_FORMAT = 'Inserisci il codice di 6 cifre ricevuto per e-mail.';

/**
 * sign-document, 'Conferma' (docs/api.md, "sign-document"; docs/documents.md,
 * "Signing"), with the family's session: the code of the request confirms
 * it; in one transaction the request is spent and one signature per child
 * written (or found: a retry, a second press, two tabs sign once). `shown`
 * is what the browser showed; a text that changed since is refused (409).
 * Answers the signatures' ids by child; the PDF copy follows by e-mail.
 */
export const signDocumentContract = defineContract({
  name: 'sign-document',
  method: 'POST',
  request: z.object({
    requestId: z.string().check(z.minLength(1), z.maxLength(128)),
    code: z.string({ error: CODE_FORMAT }).check(z.trim(), z.regex(/^\d{6}$/, { error: CODE_FORMAT })),
    shown: z.array(shownText).check(z.minLength(1), z.maxLength(20)),
  }),
  answer: z.object({
    status: z.literal('signed'),
    signatures: z.array(z.object({ childId: z.string(), signatureId: z.string(), signedAt: z.iso.datetime() })),
  }),
  messages: { malformed: CODE_FORMAT, codeFormat: CODE_FORMAT, ...SIGNING_MESSAGES },
});

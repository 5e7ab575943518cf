import { z } from 'zod/mini';
import { defineContract } from './contract';
import { shownText, SIGNING_MESSAGES } from './document-signing';

/**
 * request-signature-code, 'Firma' (docs/api.md, "request-signature-code";
 * docs/documents.md, "Signing"), with the family's session: the parent
 * signs `documentId` for the children named, with a level (a choice) or
 * the delegates' names (a delegation), having seen the texts whose SHA-256
 * `shown` lists. The server renders the texts itself, refuses one the
 * browser did not show (409), stores a pending request and e-mails THIS
 * parent a six-digit code; the answer is the request's id and the masked
 * address.
 */
export const requestSignatureCodeContract = defineContract({
  name: 'request-signature-code',
  method: 'POST',
  request: z.object({
    documentId: z.string().check(z.minLength(1), z.maxLength(200)),
    shown: z.array(shownText).check(z.minLength(1), z.maxLength(20)),
    choice: z._default(z.nullable(z.string().check(z.maxLength(80))), null),
    delegates: z._default(z.string().check(z.trim(), z.maxLength(400)), ''),
  }),
  answer: z.object({ requestId: z.string(), sentTo: z.string(), minutes: z.number() }),
  messages: {
    malformed: 'Richiesta non valida: aggiorna la pagina e riprova.',
    ...SIGNING_MESSAGES,
  },
});

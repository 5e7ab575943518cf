import { z } from 'zod/mini';
import { defineContract } from './contract';
import { PARENT_MESSAGES } from './parent-messages';
import { paymentFileRequest } from './payment-file';

/**
 * receipt, 'Scarica' in 'Le tue ricevute' (docs/api.md, "receipt"), with
 * the family's session: the PDF of one of the family's payment documents,
 * the same bytes the admin downloads and the e-mail carried. Another
 * family's payment is told as an unknown one.
 */
export const receiptContract = defineContract({
  name: 'receipt',
  method: 'POST',
  request: paymentFileRequest({ paymentId: z.string().check(z.minLength(1), z.maxLength(128)) }),
  answer: 'file',
  messages: {
    malformed: 'Richiesta non valida: serve "paymentId" (e, per una nota di credito, "kind" e "number").',
    /** 404: an unknown payment, another family's, or a document it does not have. */
    notFound: 'Ricevuta non trovata.',
    sessionExpired: PARENT_MESSAGES.sessionExpired,
  },
});

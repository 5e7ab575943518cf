import { z } from 'zod/mini';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { defineContract } from './contract';
import { documentId } from './fields';

/**
 * admin-cancel-order, POST, admin (docs/api.md, "admin-cancel-order";
 * docs/admin-orders.md, "Annulla ordine"): a Bonifico 'Da Verificare' that
 * will never be paid becomes 'Annullato' (`changed` false: it already was);
 * the family is written to only with `notifyFamily`.
 */
export const adminCancelOrderContract = defineContract({
  name: 'admin-cancel-order',
  method: 'POST',
  request: z.object({
    paymentId: documentId,
    reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(300)),
    notifyFamily: z._default(z.boolean(), false),
  }),
  answer: z.object({ status: z.literal(PAYMENT_STATUS.cancelled), changed: z.boolean() }),
  messages: {
    malformed: 'Richiesta non valida: servono "paymentId" e il motivo ("reason", da 3 a 300 caratteri).',
    notFound: 'Il pagamento non esiste più. Aggiorna la pagina.',
    notCancellable: (status: string) => `Si annulla solo un bonifico Da Verificare: questo pagamento è ${status}.`,
    card: 'Un pagamento con carta non si annulla: usa «Rimborsa».',
  },
});

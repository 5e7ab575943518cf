import { z } from 'zod/mini';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { defineContract } from './contract';
import { documentId } from './fields';

/**
 * admin-confirm-transfer, POST, admin (docs/api.md, "admin-confirm-transfer";
 * docs/admin-orders.md, "Confirming a transfer"): 'confirm' a Bonifico
 * received, or 'unconfirm' it back to 'Da Verificare'; the answer is its
 * status now and whether this call changed it. The messages are also those
 * of the statement's confirmations (netlify/lib/payments/transfer-confirmation.ts).
 */
export const adminConfirmTransferContract = defineContract({
  name: 'admin-confirm-transfer',
  method: 'POST',
  request: z.object({ paymentId: documentId, action: z.enum(['confirm', 'unconfirm']) }),
  answer: z.object({ status: z.enum([PAYMENT_STATUS.confirmed, PAYMENT_STATUS.toVerify]), changed: z.boolean() }),
  messages: {
    malformed: 'Richiesta non valida: servono "paymentId" e "action" (confirm o unconfirm).',
    notFound: 'Il pagamento non esiste più. Aggiorna la pagina.',
    notTransfer: 'Solo un bonifico si conferma a mano.',
    notConfirmable: (status: string) => `Un pagamento ${status} non si conferma né si annulla.`,
  },
});

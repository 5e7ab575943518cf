import { z } from 'zod/mini';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { defineContract } from './contract';

/** A Stripe PaymentIntent's id: 'pi_' and letters or digits. */
export const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]{1,200}$/;

/** What a parent reads once a debit (SEPA) has started: Stripe answers 'processing' for days (docs/data-model.md, "Asynchronous payments"). */
export const DEBIT_PROCESSING_MESSAGE =
  "Pagamento in elaborazione: l'addebito sul conto richiede alcuni giorni lavorativi. Il posto è riservato e ti confermeremo l'esito via e-mail.";

/** Italian messages of record-payment (and of recording a paid PaymentIntent, which stripe-webhook shares). */
export const RECORD_PAYMENT_MESSAGES = {
  malformed: 'Richiesta non valida: serve "paymentIntentId", il codice del pagamento (pi_...).',
  notFound: 'Pagamento non trovato.',
  refundedOrDisputed: 'Questo pagamento risulta rimborsato o contestato: non viene registrato. Per chiarimenti contatta il gruppo.',
  notSucceeded: (status: string) =>
    status === 'processing' ? DEBIT_PROCESSING_MESSAGE : `Il pagamento non risulta completato (stato: ${status}).`,
  notPortalPayment: 'Questo pagamento non riguarda un ordine del portale.',
  unfulfillable: (paymentIntentId: string) =>
    `Il pagamento è stato ricevuto ma non è stato possibile ricostruire l'ordine. Contatta il gruppo indicando il codice ${paymentIntentId}.`,
} as const;

/**
 * record-payment, POST with the family's session (docs/api.md,
 * "record-payment"): records the order of the card payment the browser saw
 * succeed, as the webhook does; answers its order id (the PaymentIntent's)
 * and status ('Da Verificare' when the amount does not match the order).
 */
export const recordPaymentContract = defineContract({
  name: 'record-payment',
  method: 'POST',
  request: z.object({
    paymentIntentId: z.string().check(z.regex(PAYMENT_INTENT_ID, { error: RECORD_PAYMENT_MESSAGES.malformed })),
  }),
  answer: z.object({
    orderId: z.string().check(z.minLength(1)),
    status: z.enum([PAYMENT_STATUS.confirmed, PAYMENT_STATUS.toVerify]),
  }),
  messages: RECORD_PAYMENT_MESSAGES,
});
export type RecordPaymentAnswer = z.output<typeof recordPaymentContract.answer>;

import { z } from 'zod/mini';
import { defineContract } from './contract';
import { ORDER_MESSAGES, orderRequestSchema } from './order-request';

const euros = z.number().check(z.gte(0));

/**
 * create-payment-intent, POST with the family's session (docs/api.md,
 * "create-payment-intent (Online)"): the order request, priced on the
 * server; answers the Stripe PaymentIntent's client secret and the
 * server's figures in euros. Nothing is written to Firestore.
 */
export const createPaymentIntentContract = defineContract({
  name: 'create-payment-intent',
  method: 'POST',
  request: orderRequestSchema,
  answer: z.object({
    checkoutSessionClientSecret: z.string().check(z.minLength(1)),
    /** The order's amount, before the service fee. */
    amountEuros: euros,
    /** 'Commissioni Servizio'. */
    feeEuros: euros,
    /** 'Totale da Pagare': what the card is charged. */
    totalEuros: euros,
  }),
  messages: {
    ...ORDER_MESSAGES,
    /** The children do not fit Stripe's 500 characters of one metadata value. */
    tooManyForCard: "Troppi figli in un unico pagamento con carta: dividi l'ordine in due pagamenti.",
  },
});
export type PaymentIntentAnswer = z.output<typeof createPaymentIntentContract.answer>;

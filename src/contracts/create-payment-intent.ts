import { z } from 'zod/mini';
import { defineContract } from './contract';
import { isSolidarityContribution, MAX_SOLIDARITY_CONTRIBUTION_EUROS } from '@domain/payments/solidarity-contribution';
import { ORDER_MESSAGES, orderRequestSchema } from './order-request';

const euros = z.number().check(z.gte(0));

const CONTRIBUTION_MESSAGE = `Contributo al fondo di solidarietà non valido: indica un importo da 0 a ${MAX_SOLIDARITY_CONTRIBUTION_EUROS} € con al massimo due decimali.`;

/** 'Contributo al fondo di solidarietà (facoltativo)': euros, 0 to 500 with two decimals at most; absent is 0. */
export const solidarityContributionField = z
  .number({ error: CONTRIBUTION_MESSAGE })
  .check(z.refine(isSolidarityContribution, { error: CONTRIBUTION_MESSAGE }));

/**
 * create-payment-intent, POST with the family's session (docs/api.md,
 * "create-payment-intent (Online)"): the order request, priced on the
 * server; answers the Stripe PaymentIntent's client secret and the
 * server's figures in euros. Nothing is written to Firestore.
 */
export const createPaymentIntentContract = defineContract({
  name: 'create-payment-intent',
  method: 'POST',
  request: z.extend(orderRequestSchema, { solidarityContributionEuros: z._default(solidarityContributionField, 0) }),
  answer: z.object({
    checkoutSessionClientSecret: z.string().check(z.minLength(1)),
    /** The order's amount (its product lines), before the contribution and the service fee. */
    amountEuros: euros,
    /** 'Contributo al fondo di solidarietà' (0 for none). */
    contributionEuros: euros,
    /** 'Commissioni Servizio'. */
    feeEuros: euros,
    /** 'Totale da Pagare': what the card is charged. */
    totalEuros: euros,
  }),
  messages: {
    ...ORDER_MESSAGES,
    solidarityContribution: CONTRIBUTION_MESSAGE,
    /** The children do not fit Stripe's 500 characters of one metadata value. */
    tooManyForCard: "Troppi figli in un unico pagamento con carta: dividi l'ordine in due pagamenti.",
  },
});
/** The request as the screen sends it (the contribution may be left out: 0). */
export type PaymentIntentRequest = z.input<typeof createPaymentIntentContract.request>;
export type PaymentIntentAnswer = z.output<typeof createPaymentIntentContract.answer>;

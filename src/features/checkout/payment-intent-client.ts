import { z } from 'zod';
import type { OrderRequestBody } from '../../domain/products';
import { callFunction } from '../../lib/api/functions-client';

/** The answer of create-payment-intent (docs/api.md): the client secret and the server's figures in euros. */
export const paymentIntentAnswer = z.object({
  checkoutSessionClientSecret: z.string().min(1),
  /** The order's amount in euros, before the service fee. */
  amountEuros: z.number().nonnegative(),
  /** 'Commissioni Servizio' in euros. */
  feeEuros: z.number().nonnegative(),
  /** 'Totale da Pagare' in euros: what the card is charged. */
  totalEuros: z.number().nonnegative(),
});
export type PaymentIntentAnswer = z.infer<typeof paymentIntentAnswer>;

/**
 * Asks create-payment-intent for the PaymentIntent of an order request
 * (docs/api.md): the server prices the order, so no amount is sent.
 * Resolves with the client secret and the server's amount, fee and total
 * in euros.
 * @throws UserFacingError with the function's Italian message (400/404 for
 * a refused order, 502/503 when card payment is unavailable) or the
 * client's own when the function cannot be reached.
 */
export function requestPaymentIntent(request: OrderRequestBody): Promise<PaymentIntentAnswer> {
  return callFunction('create-payment-intent', request, paymentIntentAnswer);
}

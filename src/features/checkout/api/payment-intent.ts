import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { OrderRequestBody } from '@domain/products';
import { callFunction } from '@/lib/api/functions-client';
import { queryKeys } from '@/lib/api/query-keys';
import { getStripe } from '@/lib/stripe';

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

/**
 * The PaymentIntent of `request`, keyed by the request itself: the same
 * request (same children, product and idempotency key) is asked once, a
 * changed one asks again. Never stale while shown, dropped once unused (a
 * client secret is not reused for another visit), never retried (the panel
 * offers 'Riprova').
 */
export function paymentIntentQueryOptions(request: OrderRequestBody) {
  return queryOptions({
    queryKey: queryKeys.paymentIntent(request),
    queryFn: () => requestPaymentIntent(request),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** The PaymentIntent of `request` ({@link paymentIntentQueryOptions}); asked only while `enabled` (Stripe configured). */
export function usePaymentIntent(request: OrderRequestBody, enabled: boolean) {
  return useQuery({ ...paymentIntentQueryOptions(request), enabled });
}

/** Stripe.js (src/lib/stripe.ts), loaded once per page and kept; one retry when the script fails to load. */
export function stripeJsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.stripeJs, queryFn: getStripe, staleTime: Infinity, retry: 1 });
}

/** Stripe.js ({@link stripeJsQueryOptions}); loaded only while `enabled`. */
export function useStripeJs(enabled: boolean) {
  return useQuery({ ...stripeJsQueryOptions(), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentIntentAnswer, PaymentIntentRequest } from '@contracts/create-payment-intent';
import { callContract } from '@/lib/api/functions-client';
import { queryKeys } from '@/lib/api/query-keys';
import { getStripe } from '@/lib/stripe';

/** The contract, loaded with the first call. */
const loadContract = async () => (await import('@contracts/create-payment-intent')).createPaymentIntentContract;

/**
 * Asks create-payment-intent (createPaymentIntentContract) for the
 * PaymentIntent of an order request: the server prices the order, so no
 * amount is sent but the parent's optional solidarity contribution.
 * Resolves with the client secret and the server's amount, contribution, fee and total
 * in euros.
 * @throws UserFacingError with the function's Italian message (400/404 for
 * a refused order, 502/503 when card payment is unavailable) or the
 * client's own when the function cannot be reached.
 */
export function requestPaymentIntent(request: PaymentIntentRequest): Promise<PaymentIntentAnswer> {
  return callContract(loadContract, request);
}

/**
 * The PaymentIntent of `request`, keyed by the request itself: the same
 * request (same children, product, contribution and idempotency key) is asked once, a
 * changed one asks again. Never stale while shown, dropped once unused (a
 * client secret is not reused for another visit), never retried (the panel
 * offers 'Riprova').
 */
export function paymentIntentQueryOptions(request: PaymentIntentRequest) {
  return queryOptions({
    queryKey: queryKeys.paymentIntent(request),
    queryFn: () => requestPaymentIntent(request),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** The PaymentIntent of `request` ({@link paymentIntentQueryOptions}); asked only while `enabled` (Stripe configured). */
export function usePaymentIntent(request: PaymentIntentRequest, enabled: boolean) {
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

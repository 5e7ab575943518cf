import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { PAYMENT_STATUS } from '@domain/plans';
import { callFunction } from '@/lib/api/functions-client';
import { changedByNewOrder, mutationKeys } from '@/lib/api/query-keys';

/** The answer of record-payment (docs/api.md): the order id (the PaymentIntent id) and its payment status. */
export const recordPaymentAnswer = z.object({
  orderId: z.string().min(1),
  status: z.enum([PAYMENT_STATUS.confirmed, PAYMENT_STATUS.toVerify]),
});
export type RecordPaymentAnswer = z.infer<typeof recordPaymentAnswer>;

/**
 * Asks record-payment to record the order of the card payment
 * `paymentIntentId` ('pi_...'). The server checks with Stripe that it
 * succeeded and records it once, however often it is called (docs/api.md),
 * so calling it again never charges nor records twice.
 * @throws UserFacingError with the function's Italian message: 409 when the
 * payment has not succeeded (naming its status), 404 when Stripe does not
 * know it, 400 for a malformed id, 422/502/503 otherwise.
 */
export function recordPayment(paymentIntentId: string): Promise<RecordPaymentAnswer> {
  return callFunction('record-payment', { paymentIntentId }, recordPaymentAnswer);
}

/**
 * record-payment as a mutation (variables: the PaymentIntent id), under the
 * key `mutationKeys.recordPayment` (a failure is logged once by the query
 * client). Once recorded, the family lookups and the admin list are stale
 * and are invalidated. Calling it again after a failure is safe: the server
 * records the order once.
 */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.recordPayment,
    mutationFn: recordPayment,
    onSuccess: () => {
      for (const queryKey of changedByNewOrder) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

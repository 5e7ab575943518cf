import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordPaymentAnswer } from '@contracts/record-payment';
import { callContract } from '@/lib/api/functions-client';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';

/** The contract, loaded with the first call (zod/mini is not in the checkout's chunk). */
const loadContract = async () => (await import('@contracts/record-payment')).recordPaymentContract;

/**
 * Asks record-payment (recordPaymentContract) to record the order of the
 * card payment `paymentIntentId` ('pi_...'): the server checks with Stripe
 * that it succeeded and records it once, however often it is called, so
 * calling it again never charges nor records twice.
 * @throws UserFacingError with the function's Italian message.
 */
export function recordPayment(paymentIntentId: string): Promise<RecordPaymentAnswer> {
  return callContract(loadContract, { paymentIntentId });
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
    // The admin's list (in this browser, a volunteer testing the checkout) shows the new order.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

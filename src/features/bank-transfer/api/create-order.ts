import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderRequestBody } from '@domain/products';
import { callFunction } from '@/lib/api/functions-client';
import type { CreatedOrder } from './created-order-schema';
import { changedByNewOrder, mutationKeys } from '@/lib/api/query-keys';

/** The answer's schema, loaded with the answer (zod stays out of the first bundle). */
const loadCreatedOrderSchema = async () => (await import('./created-order-schema')).createdOrderSchema;

/**
 * Records a Bonifico order through our create-order function. The same
 * `idempotencyKey` always answers the same order (a double click, a retry).
 * @throws UserFacingError with the function's Italian message.
 */
export function createBankTransferOrder(request: OrderRequestBody): Promise<CreatedOrder> {
  return callFunction('create-order', request, loadCreatedOrderSchema);
}

/**
 * The Bonifico save as a mutation: {@link createBankTransferOrder} under the
 * key `mutationKeys.createOrder` (a failure is logged once by the query
 * client, src/lib/query-client.ts). Once recorded, the family lookups and the
 * admin list are stale (the order is in the child's `paid` and in the list)
 * and are invalidated. Callers add their own `onSuccess` (e.g. navigate) at
 * `mutate` time.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.createOrder,
    mutationFn: createBankTransferOrder,
    onSuccess: () => {
      for (const queryKey of changedByNewOrder) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

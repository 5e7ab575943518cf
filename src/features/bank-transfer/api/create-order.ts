import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedOrder } from '@contracts/create-order';
import type { OrderRequest } from '@contracts/order-request';
import { callContract } from '@/lib/api/functions-client';
import { changedByNewOrder, mutationKeys } from '@/lib/api/query-keys';

/** The contract, loaded with the first save (zod/mini stays out of the first bundle). */
const loadContract = async () => (await import('@contracts/create-order')).createOrderContract;

/**
 * Records a Bonifico order through create-order (createOrderContract). The
 * same `idempotencyKey` always answers the same order (a double click, a retry).
 * @throws UserFacingError with the function's Italian message.
 */
export function createBankTransferOrder(request: OrderRequest): Promise<CreatedOrder> {
  return callContract(loadContract, request);
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

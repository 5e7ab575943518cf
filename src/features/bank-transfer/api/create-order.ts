import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { PLAN, SIZES } from '@/domain/plans';
import type { OrderRequestBody } from '@/domain/products';
import { callFunction } from '@/lib/api/functions-client';
import { changedByNewOrder, mutationKeys } from '@/lib/api/query-keys';

/** The answer of create-order (docs/api.md): the order as the server priced and recorded it. */
export const createdOrderSchema = z.object({
  orderId: z.string(),
  /** Euros. */
  totalEuros: z.number(),
  paymentReason: z.string(),
  lines: z.array(
    z.object({
      childId: z.string(),
      name: z.string(),
      plan: z.enum([PLAN.campAcconto, PLAN.campSaldo, PLAN.felpa, PLAN.maglietta]),
      size: z.union([z.enum(SIZES), z.literal('')]),
      priceEuros: z.number(),
    }),
  ),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/**
 * Records a Bonifico order through our create-order function. The same
 * `idempotencyKey` always answers the same order (a double click, a retry).
 * @throws UserFacingError with the function's Italian message.
 */
export function createBankTransferOrder(request: OrderRequestBody): Promise<CreatedOrder> {
  return callFunction('create-order', request, createdOrderSchema);
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

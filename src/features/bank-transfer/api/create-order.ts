import { useRef, useState } from 'react';
import type { CreatedOrder } from '@contracts/create-order';
import type { OrderRequest } from '@contracts/order-request';
import { callContract } from '@/lib/api/functions-client';

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

/** Callbacks of one save: `onSuccess` with the recorded order, `onSettled` once it is over either way. */
interface SaveCallbacks {
  onSuccess: (order: CreatedOrder) => void;
  onSettled?: () => void;
}

/**
 * The Bonifico save of a payment screen: {@link createBankTransferOrder}
 * with its state (`status`, `isPending`, `error`: the last failure, null
 * when none).
 * `reset` lets a running save go: its answer calls nothing and shows
 * nothing (the order it saved stays recorded, answered again by its key).
 * A plain hook, not react-query's mutation: the payment screens are the
 * first visit (docs/architecture.md, "First load").
 */
export function useCreateOrder() {
  const [status, setStatus] = useState<'idle' | 'pending' | 'error' | 'success'>('idle');
  const [error, setError] = useState<Error | null>(null);
  // The current attempt: an answer of an earlier one is let go.
  const attempt = useRef(0);
  const mutate = (request: OrderRequest, { onSuccess, onSettled }: SaveCallbacks) => {
    const mine = ++attempt.current;
    setStatus('pending');
    setError(null);
    createBankTransferOrder(request)
      .then(
        (order) => {
          if (attempt.current !== mine) return;
          setStatus('success');
          onSuccess(order);
        },
        (failure: unknown) => {
          if (attempt.current !== mine) return;
          console.error('create-order failed:', failure);
          setStatus('error');
          setError(failure instanceof Error ? failure : new Error(String(failure)));
        },
      )
      .finally(() => attempt.current === mine && onSettled?.());
  };
  const reset = () => {
    attempt.current += 1;
    setStatus('idle');
    setError(null);
  };
  return { status, isPending: status === 'pending', error, mutate, reset };
}

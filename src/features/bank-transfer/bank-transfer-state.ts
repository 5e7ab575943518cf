import { createOrderContract, type CreatedOrder } from '@contracts/create-order';

/**
 * What a payment page hands to its transfer page after create-order
 * answered (router location state): the order as the server recorded it,
 * and which of the page's products it was for (the camp page then gives
 * that quota's reason alone). The year is the season's (src/config/season.ts).
 */
export interface BankTransferState {
  order: CreatedOrder;
  productId?: string;
}

/** Reads the router state back, or null when the page was opened directly (or the state is not ours). */
export function readBankTransferState(state: unknown): BankTransferState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { order, productId } = state as Record<string, unknown>;
  const parsed = createOrderContract.answer.safeParse(order);
  if (!parsed.success) return null;
  return { order: parsed.data, ...(typeof productId === 'string' ? { productId } : {}) };
}

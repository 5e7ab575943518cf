import type { Quota } from '@/domain/plans';
import { createdOrderSchema, type CreatedOrder } from './api/create-order';

/**
 * What a payment screen hands to /bonifico/... after create-order answered
 * (router location state): the order as the server recorded it, and for the
 * generic reasons the camp year and quota.
 */
export interface BankTransferState {
  order: CreatedOrder;
  year: number;
  quota?: Quota;
}

/** Reads the router state back, or null when the page was opened directly (or the state is not ours). */
export function readBankTransferState(state: unknown): BankTransferState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { order, year, quota } = state as Record<string, unknown>;
  const parsed = createdOrderSchema.safeParse(order);
  if (!parsed.success || typeof year !== 'number') return null;
  return { order: parsed.data, year, ...(quota === 'Acconto' || quota === 'Saldo' ? { quota } : {}) };
}

import type { Quota } from '@domain/plans';
import { createdOrderSchema, type CreatedOrder } from './api/created-order-schema';

/**
 * What a payment screen hands to /bonifico/... after create-order answered
 * (router location state): the order as the server recorded it, and for the
 * generic camp reasons the quota. The year is the season's (src/config/season.ts).
 */
export interface BankTransferState {
  order: CreatedOrder;
  quota?: Quota;
}

/** Reads the router state back, or null when the page was opened directly (or the state is not ours). */
export function readBankTransferState(state: unknown): BankTransferState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { order, quota } = state as Record<string, unknown>;
  const parsed = createdOrderSchema.safeParse(order);
  if (!parsed.success) return null;
  return { order: parsed.data, ...(quota === 'Acconto' || quota === 'Saldo' ? { quota } : {}) };
}

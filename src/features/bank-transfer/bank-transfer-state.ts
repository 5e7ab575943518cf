import { createOrderContract, type CreatedOrder } from '@contracts/create-order';
import { readFamilyReturn, type FamilyReturnState } from '@/lib/instalment-navigation';

/**
 * What a payment page hands to its transfer page after create-order
 * answered (router location state): the order as the server recorded it,
 * and which of the page's products it was for (the camp page then gives
 * that quota's reason alone). The year is the season's (src/config/season.ts).
 */
export interface BankTransferState {
  order: CreatedOrder;
  productId?: string;
  /** A rata's Bonifico ('Paga la rata'): the way back to 'La mia famiglia' (FamilyReturnState, src/lib/instalment-navigation.ts). */
  familyReturn?: FamilyReturnState['familyReturn'];
}

/** Reads the router state back, or null when the page was opened directly (or the state is not ours). */
export function readBankTransferState(state: unknown): BankTransferState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { order, productId } = state as Record<string, unknown>;
  const parsed = createOrderContract.answer.safeParse(order);
  if (!parsed.success) return null;
  const familyReturn = readFamilyReturn(state);
  return { order: parsed.data, ...(typeof productId === 'string' ? { productId } : {}), ...(familyReturn ? { familyReturn } : {}) };
}

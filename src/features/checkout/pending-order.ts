import type { OrderLine } from '../../domain/order';

/**
 * The order waiting for a card payment that redirects away (3-D Secure,
 * bank redirects): kept in sessionStorage before confirming, read back by
 * /payment-success, cleared once saved (SPEC.md section 4, "Checkout payment").
 */
export interface PendingOrder {
  familyId: string;
  lines: OrderLine[];
  /** Where to come back to if the payment did not succeed, e.g. '/campo-estivo'. */
  returnPath: string;
}

const KEY = 'scout-portal:pending-order';

/** Stores the pending order (replacing any earlier one). Storage failures are ignored: the direct path still saves. */
export function putPendingOrder(order: PendingOrder, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(KEY, JSON.stringify(order));
  } catch (error) {
    console.error('Ordine in attesa non salvato in sessionStorage:', error);
  }
}

/** The pending order, or null when there is none or it is unreadable. */
export function readPendingOrder(storage: Storage = sessionStorage): PendingOrder | null {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<PendingOrder> | null;
    if (!parsed || typeof parsed.familyId !== 'string' || !Array.isArray(parsed.lines) || parsed.lines.length === 0) return null;
    return { familyId: parsed.familyId, lines: parsed.lines, returnPath: typeof parsed.returnPath === 'string' ? parsed.returnPath : '/' };
  } catch {
    return null;
  }
}

/** Forgets the pending order. */
export function clearPendingOrder(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}

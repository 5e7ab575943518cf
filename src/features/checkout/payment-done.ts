/**
 * The router location state that opens /pagamento after a recorded card
 * payment (docs/product.md, "Order flow" step 4). /pagamento reached any
 * other way (typed, bookmarked) has no payment to confirm and must not claim
 * one.
 */
export const PAYMENT_DONE_STATE = { paymentDone: true } as const;

/** True when `state` (a location's state) is {@link PAYMENT_DONE_STATE}. */
export function isPaymentDone(state: unknown): boolean {
  return (state as { paymentDone?: unknown } | null)?.paymentDone === true;
}

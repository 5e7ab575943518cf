import type { PaymentIntentToFulfil } from '../../netlify/lib/payments/fulfil-payment';

/**
 * A PaymentIntent as Stripe reports it once paid (the fields fulfilPayment
 * reads): `amountCents` received in euro cents, `metadata` the order's
 * (netlify/lib/orders/order-metadata.ts).
 */
export function succeededPaymentIntent(
  id: string,
  amountCents: number,
  metadata: PaymentIntentToFulfil['metadata'],
): PaymentIntentToFulfil {
  return { id, status: 'succeeded', amount_received: amountCents, currency: 'eur', metadata };
}

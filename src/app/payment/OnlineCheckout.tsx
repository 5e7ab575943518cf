import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import type { OrderRequest } from '@contracts/order-request';
import { paths } from '@config/paths';
import type { OrderLine } from '@domain/catalogue/order-line';
import { PAYMENT_DONE_STATE } from '@/features/checkout/payment-done';

// Stripe's code comes with this chunk, only when the checkout opens.
const CheckoutPanel = lazy(() => import('@/features/checkout/CheckoutPanel'));

/** Props of {@link OnlineCheckout}. */
export interface OnlineCheckoutProps {
  /** The order request: the server prices it and records it once paid. */
  request: OrderRequest;
  /** The lines shown in 'Riepilogo Ordine', with the screen's display prices in euros. */
  lines: readonly OrderLine[];
  /** The screen to come back to if a redirected payment fails, e.g. '/campo-estivo'. */
  returnPath: string;
  /** Where to go once the payment is recorded; by default /pagamento ('Pagamento Effettuato con Successo'). */
  onRecorded?: () => void;
}

/**
 * The Online method of a payment screen (docs/product.md, "Order flow", step 3): the
 * checkout panel (loaded with Stripe's code when it opens). The server
 * prices the request and, once the card payment succeeded, records the
 * order (docs/api.md); then the parent lands on /pagamento.
 */
export function OnlineCheckout({ request, lines, returnPath, onRecorded }: OnlineCheckoutProps) {
  const navigate = useNavigate();
  return (
    <Suspense fallback={<p className="py-6 text-center text-gray-500">Loading...</p>}>
      <CheckoutPanel
        request={request}
        lines={lines}
        returnPath={returnPath}
        onRecorded={() => (onRecorded ? onRecorded() : void navigate(paths.pagamento, { state: PAYMENT_DONE_STATE }))}
      />
    </Suspense>
  );
}

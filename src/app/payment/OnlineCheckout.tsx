import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import type { OrderRequestBody } from '@domain/products';
import { paths } from '@config/paths';
import { PAYMENT_DONE_STATE } from '@/features/checkout/payment-done';

// Stripe's code comes with this chunk, only when the checkout opens.
const CheckoutPanel = lazy(() => import('@/features/checkout/CheckoutPanel'));

/** Props of {@link OnlineCheckout}. */
export interface OnlineCheckoutProps {
  /** The order request: the server prices it and records it once paid. */
  request: OrderRequestBody;
  /** The lines shown in 'Riepilogo Ordine', with the screen's display prices in euros. */
  items: Array<{ plan: string; note?: string; priceEuros: number }>;
  /** The screen to come back to if a redirected payment fails, e.g. '/campo-estivo'. */
  returnPath: string;
}

/**
 * The Online method of a payment screen (docs/product.md, "Order flow", step 3): the
 * checkout panel (loaded with Stripe's code when it opens). The server
 * prices the request and, once the card payment succeeded, records the
 * order (docs/api.md); then the parent lands on /pagamento.
 */
export function OnlineCheckout({ request, items, returnPath }: OnlineCheckoutProps) {
  const navigate = useNavigate();
  return (
    <Suspense fallback={<p className="py-6 text-center text-gray-500">Loading...</p>}>
      <CheckoutPanel
        request={request}
        items={items}
        returnPath={returnPath}
        onRecorded={() => void navigate(paths.pagamento, { state: PAYMENT_DONE_STATE })}
      />
    </Suspense>
  );
}

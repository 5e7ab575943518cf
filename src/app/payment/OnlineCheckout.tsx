import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { sumEuros } from '../../domain/money';
import type { OrderLine } from '../../domain/order';
import { saveOrder } from '../../lib/db/orders';
import { clearPendingOrder } from '../../features/checkout/pending-order';

// Stripe's code comes with this chunk, only when the checkout opens.
const CheckoutPanel = lazy(() => import('../../features/checkout/CheckoutPanel'));

/** Props of {@link OnlineCheckout}. */
export interface OnlineCheckoutProps {
  familyId: string;
  lines: OrderLine[];
  /** The screen to come back to if a redirected payment fails, e.g. '/campo-estivo'. */
  returnPath: string;
}

/**
 * The Online method of a payment screen (SPEC.md section 4, step 4): the
 * checkout panel; once the card payment succeeded the order is saved with
 * status 'Confermato' (one transaction, the PaymentIntent id as order id)
 * and the parent lands on /pagamento.
 */
export function OnlineCheckout({ familyId, lines, returnPath }: OnlineCheckoutProps) {
  const navigate = useNavigate();
  const onPaid = async (paymentIntentId: string) => {
    await saveOrder({ familyId, method: 'Online', lines, orderId: paymentIntentId });
    clearPendingOrder();
    await navigate('/pagamento');
  };
  return (
    <Suspense fallback={<p className="py-6 text-center text-gray-500">Loading...</p>}>
      <CheckoutPanel
        items={lines.map((line) => ({ plan: line.plan, note: line.note, priceEuros: line.priceEuros }))}
        amountEuros={sumEuros(lines.map((line) => line.priceEuros))}
        pendingOrder={{ familyId, lines, returnPath }}
        onPaid={onPaid}
      />
    </Suspense>
  );
}

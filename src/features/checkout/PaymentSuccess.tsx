import { useEffect, useRef } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PAYMENT_INTENT_ID } from '@contracts/record-payment';
import { useRecordPayment } from './api/record-payment';
import { PAYMENT_DONE_STATE } from './payment-done';
import { RETURN_PATH_PARAM, safeReturnPath } from './return-path';
import { withQueryClient } from '@/lib/with-query-client';

/** Italian messages of /payment-success. */
export const PAYMENT_SUCCESS_MESSAGES = {
  badAddress: 'Indirizzo di ritorno del pagamento non valido.',
  recording: 'Verifica del pagamento in corso...',
  failed: (message: string) => `Errore: ${message}`,
  back: 'Torna al pagamento',
} as const;

/**
 * /payment-success: where Stripe sends the parent back after a payment
 * method that leaves the page (docs/product.md, "Screens"). Reads `payment_intent`
 * from the address and asks record-payment (useRecordPayment, once on arrival
 * and again on 'Riprova') to record its order (the server
 * checks with Stripe; a reload or a second tab records nothing new), then
 * shows /pagamento. When it cannot (the payment did not succeed, Stripe or
 * the network failed), an Italian error with 'Riprova' and a link back to
 * the payment screen named by the address's `from`.
 */
function PaymentSuccessView() {
  const [params] = useSearchParams();
  const paymentIntentId = params.get('payment_intent') ?? '';
  const returnPath = safeReturnPath(params.get(RETURN_PATH_PARAM));
  const valid = PAYMENT_INTENT_ID.test(paymentIntentId);
  const recorded = useRecordPayment();
  const { mutate } = recorded;
  // Once per visit (React's development double effect included): the server records once anyway.
  const asked = useRef(false);
  useEffect(() => {
    if (!valid || asked.current) return;
    asked.current = true;
    mutate(paymentIntentId);
  }, [valid, paymentIntentId, mutate]);

  const back = (
    <Link to={returnPath} className="mt-2 inline-flex min-h-11 items-center font-semibold underline">
      {PAYMENT_SUCCESS_MESSAGES.back}
    </Link>
  );
  if (!valid) {
    return (
      <Alert kind="error" className="mx-auto max-w-xl">
        <p>{PAYMENT_SUCCESS_MESSAGES.badAddress}</p>
        {back}
      </Alert>
    );
  }
  if (recorded.isIdle || recorded.isPending) return <p className="py-10 text-center text-gray-600">{PAYMENT_SUCCESS_MESSAGES.recording}</p>;
  if (recorded.isError) {
    return (
      <Alert kind="error" className="mx-auto max-w-xl">
        <p>{PAYMENT_SUCCESS_MESSAGES.failed(recorded.error.message)}</p>
        <div className="flex items-center gap-4">
          <Button size="sm" variant="secondary" className="mt-2" loading={recorded.isPending} onClick={() => mutate(paymentIntentId)}>
            Riprova
          </Button>
          {back}
        </div>
      </Alert>
    );
  }
  return <Navigate to="/pagamento" replace state={PAYMENT_DONE_STATE} />;
}

/** {@link PaymentSuccessView} in the app's query client (withQueryClient: react-query loads with this screen). */
export const PaymentSuccess = withQueryClient(PaymentSuccessView);

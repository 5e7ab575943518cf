import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { saveOrder } from '../../lib/db/orders';
import { getStripe } from '../../lib/stripe';
import { clearPendingOrder, readPendingOrder } from './pending-order';

type Outcome = { kind: 'saved' } | { kind: 'not-succeeded'; status: string; returnPath: string };

/**
 * Reads the PaymentIntent named in the return address and, when it
 * succeeded, saves the pending order with the PaymentIntent id as order id
 * (idempotent: a reload or a second tab writes nothing new) and forgets it.
 * @throws Error when Stripe or the database cannot be reached.
 */
async function settleRedirectedPayment(clientSecret: string): Promise<Outcome> {
  const stripe = await getStripe();
  if (!stripe) throw new Error('Il pagamento con carta non è configurato.');
  const { paymentIntent, error } = await stripe.retrievePaymentIntent(clientSecret);
  if (error || !paymentIntent) throw new Error(error?.message ?? 'Pagamento non trovato.');
  const pending = readPendingOrder();
  if (paymentIntent.status !== 'succeeded') {
    return { kind: 'not-succeeded', status: paymentIntent.status, returnPath: pending?.returnPath ?? '/' };
  }
  if (pending) {
    await saveOrder({ familyId: pending.familyId, method: 'Online', lines: pending.lines, orderId: paymentIntent.id });
    clearPendingOrder();
  }
  return { kind: 'saved' };
}

/**
 * /payment-success: where Stripe sends the parent back after a payment
 * method that redirects (SPEC.md section 2). Saves the pending order once,
 * then shows /pagamento; an Italian error when the payment did not succeed.
 */
export function PaymentSuccess() {
  const [params] = useSearchParams();
  const clientSecret = params.get('payment_intent_client_secret');
  const outcome = useQuery({
    queryKey: ['redirected-payment', clientSecret],
    queryFn: () => settleRedirectedPayment(clientSecret ?? ''),
    enabled: Boolean(clientSecret),
    retry: 1,
    staleTime: Infinity,
  });

  if (!clientSecret) {
    return (
      <Alert kind="error" className="mx-auto max-w-xl">
        Indirizzo di ritorno del pagamento non valido. <Link to="/" className="font-semibold underline">Torna all'area famiglie</Link>
      </Alert>
    );
  }
  if (outcome.isPending) return <p className="py-10 text-center text-gray-600">Verifica del pagamento in corso...</p>;
  if (outcome.isError) {
    return (
      <Alert kind="error" className="mx-auto max-w-xl">
        <p>Non è stato possibile verificare il pagamento: {outcome.error.message}</p>
        <Button size="sm" variant="secondary" className="mt-2" onClick={() => void outcome.refetch()}>
          Riprova
        </Button>
      </Alert>
    );
  }
  if (outcome.data.kind === 'saved') return <Navigate to="/pagamento" replace />;
  return (
    <Alert kind="error" className="mx-auto max-w-xl">
      <p>Errore: il pagamento non è stato completato (stato: {outcome.data.status}).</p>
      <Link to={outcome.data.returnPath} className="mt-2 inline-block font-semibold underline">
        Torna al pagamento
      </Link>
    </Alert>
  );
}

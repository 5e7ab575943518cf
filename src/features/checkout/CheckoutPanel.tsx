import { Elements } from '@stripe/react-stripe-js';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { onlineTotal } from '../../domain/service-fee';
import { getStripe, isStripeConfigured } from '../../lib/stripe';
import { CheckoutForm } from './CheckoutForm';
import { OrderSummary, type CheckoutItem } from './OrderSummary';
import { requestClientSecret } from './payment-intent-client';
import { putPendingOrder, type PendingOrder } from './pending-order';

/** Props of {@link CheckoutPanel}. */
export interface CheckoutPanelProps {
  /** What is paid, one line per child (prices in euros). */
  items: CheckoutItem[];
  /** Order total in euros, before the service fee. */
  amountEuros: number;
  /** The order to keep in sessionStorage in case the payment redirects. */
  pendingOrder: PendingOrder;
  /** Saves the order once the payment succeeded (idempotent per PaymentIntent id). */
  onPaid: (paymentIntentId: string) => Promise<void>;
}

const NOT_CONFIGURED = 'Il pagamento con carta non è configurato. Scegli «Bonifico» come metodo di pagamento oppure contatta il gruppo.';

function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert kind="error">
      <p>{message}</p>
      <Button size="sm" variant="secondary" className="mt-2" onClick={onRetry}>
        Riprova
      </Button>
    </Alert>
  );
}

/**
 * The checkout panel of the Online method (SPEC.md sections 2 and 4): on the
 * left 'Completa il Pagamento' with Stripe's Payment and Express Checkout
 * Elements, on the right 'Riepilogo Ordine' with the service fee
 * (SPEC.md section 9). A PaymentIntent for the total in cents is requested on
 * mount and whenever the amount changes; 'Loading...' shows until its client
 * secret arrives, and an Italian error with 'Riprova' when it cannot. After
 * the payment succeeded the order is saved through `onPaid`; if saving
 * fails, the parent can retry without paying again.
 */
export default function CheckoutPanel({ items, amountEuros, pendingOrder, onPaid }: CheckoutPanelProps) {
  const total = onlineTotal(amountEuros);
  const configured = isStripeConfigured();
  const clientSecret = useQuery({
    queryKey: ['payment-intent', total.totalCents],
    queryFn: () => requestClientSecret(total.totalCents),
    enabled: configured,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const stripe = useQuery({ queryKey: ['stripe-js'], queryFn: getStripe, enabled: configured, staleTime: Infinity, retry: 1 });
  const save = useMutation({
    mutationFn: (paymentIntentId: string) => onPaid(paymentIntentId),
    onError: (error) => console.error('Ordine pagato non registrato:', error),
  });

  let left;
  if (!configured) {
    left = <Alert kind="warning">{NOT_CONFIGURED}</Alert>;
  } else if (clientSecret.isError) {
    left = <RetryAlert message={clientSecret.error.message} onRetry={() => void clientSecret.refetch()} />;
  } else if (stripe.isError) {
    left = <RetryAlert message="Non è stato possibile caricare il modulo di pagamento. Controlla la connessione." onRetry={() => void stripe.refetch()} />;
  } else if (!clientSecret.data || !stripe.data) {
    left = <p className="py-6 text-center text-gray-500">Loading...</p>;
  } else {
    left = (
      <Elements key={clientSecret.data} stripe={stripe.data} options={{ clientSecret: clientSecret.data, locale: 'it' }}>
        <CheckoutForm onBeforeConfirm={() => putPendingOrder(pendingOrder)} onSucceeded={(id) => save.mutate(id)} />
      </Elements>
    );
  }

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby="checkout-title" className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <h2 id="checkout-title" className="text-lg font-semibold text-brand-800">
          Completa il Pagamento
        </h2>
        {left}
        {save.isPending && <p className="text-sm text-gray-600">Registrazione dell'ordine...</p>}
        {save.isError && (
          <RetryAlert
            message="Il pagamento è riuscito ma non siamo riusciti a registrare l'ordine. Riprova: non ti verrà addebitato nulla di nuovo."
            onRetry={() => save.mutate(save.variables)}
          />
        )}
      </section>
      <OrderSummary items={items} total={total} />
    </div>
  );
}

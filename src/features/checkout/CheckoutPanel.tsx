import { Elements } from '@stripe/react-stripe-js';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { sumEuros } from '@domain/money';
import type { OrderRequest } from '@contracts/order-request';
import { onlineTotal } from '@domain/payments/service-fee';
import { isStripeConfigured } from '@/lib/stripe';
import { usePaymentIntent, useStripeJs } from './api/payment-intent';
import type { RecordPaymentAnswer } from '@contracts/record-payment';
import { useRecordPayment } from './api/record-payment';
import { CheckoutForm } from './CheckoutForm';
import { OrderSummary, type SummaryLine } from './OrderSummary';
import { SolidarityContributionField } from './SolidarityContributionField';
import { withQueryClient } from '@/lib/with-query-client';

/** Props of {@link CheckoutPanel}. */
export interface CheckoutPanelProps {
  /** The order request sent to create-payment-intent: the server prices it. */
  request: OrderRequest;
  /** What is paid, one line per child, with the screen's display prices (euros). */
  lines: readonly SummaryLine[];
  /** The payment screen's path, to come back to after a failed redirected payment. */
  returnPath: string;
  /** Called once the paid order is recorded (the success notification). */
  onRecorded: (order: RecordPaymentAnswer) => void;
}

/** Italian messages of the panel itself (the payment's own are CHECKOUT_MESSAGES). */
export const CHECKOUT_PANEL_MESSAGES = {
  notConfigured: 'Il pagamento con carta non è configurato. Scegli «Bonifico» come metodo di pagamento oppure contatta il gruppo.',
  stripeNotLoaded: 'Non è stato possibile caricare il modulo di pagamento. Controlla la connessione.',
  recording: "Registrazione dell'ordine in corso...",
  recordFailed: (message: string) =>
    `Il pagamento è riuscito, ma l'ordine non è stato ancora registrato. ${message} Premi «Riprova»: non ti verrà addebitato nulla di nuovo.`,
} as const;

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
 * The summary's figures when card payments are not configured: nothing can
 * be charged, so the parent sees what a card payment would cost, computed
 * with the same domain rules the server uses (docs/product.md, "Service fee").
 */
function previewFigures(items: ReadonlyArray<{ priceEuros: number }>, contributionEuros: number) {
  const amountEuros = sumEuros(items.map((item) => item.priceEuros));
  return { ...onlineTotal(sumEuros([amountEuros, contributionEuros])), amountEuros, contributionEuros };
}

/**
 * The checkout panel of the Online method (docs/product.md, "Screens"): on the
 * left 'Completa il Pagamento' with Stripe's Payment and Express Checkout
 * Elements, on the right 'Riepilogo Ordine'.
 *
 * A PaymentIntent is asked of create-payment-intent (usePaymentIntent) with the order request
 * on mount and whenever the request or the parent's 'Contributo al fondo di
 * solidarietà' (SolidarityContributionField, fixed once paid) changes; the server prices the order
 * and answers the amount, the contribution, the service fee and the total shown in the
 * summary (docs/api.md). 'Loading...' shows until its client secret
 * arrives, and an Italian error with 'Riprova' when it cannot.
 *
 * Once Stripe confirms the payment, record-payment records the order on the
 * server (useRecordPayment) and `onRecorded` fires; if recording fails, 'Riprova' calls
 * record-payment again and never pays again.
 */
function CheckoutPanelView({ request, lines, returnPath, onRecorded }: CheckoutPanelProps) {
  const configured = isStripeConfigured();
  const [contributionEuros, setContributionEuros] = useState(0);
  const intent = usePaymentIntent({ ...request, solidarityContributionEuros: contributionEuros }, configured);
  const stripe = useStripeJs(configured);
  const record = useRecordPayment();
  // The PaymentIntent Stripe confirmed is the record mutation's last variable: paid once it is set.
  const paidId = record.variables ?? null;
  const recordOrder = (paymentIntentId: string) => record.mutate(paymentIntentId, { onSuccess: (order) => onRecorded(order) });

  let left;
  if (!configured) {
    left = <Alert kind="warning">{CHECKOUT_PANEL_MESSAGES.notConfigured}</Alert>;
  } else if (intent.isError) {
    left = <RetryAlert message={intent.error.message} onRetry={() => void intent.refetch()} />;
  } else if (stripe.isError) {
    left = <RetryAlert message={CHECKOUT_PANEL_MESSAGES.stripeNotLoaded} onRetry={() => void stripe.refetch()} />;
  } else if (!intent.data || !stripe.data) {
    left = <p className="py-6 text-center text-gray-500">Loading...</p>;
  } else {
    const clientSecret = intent.data.checkoutSessionClientSecret;
    left = (
      <Elements key={clientSecret} stripe={stripe.data} options={{ clientSecret, locale: 'it' }}>
        <CheckoutForm returnPath={returnPath} paid={paidId !== null} onSucceeded={recordOrder} />
      </Elements>
    );
  }

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby="checkout-title" className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <h2 id="checkout-title" className="text-lg font-semibold text-brand-800">
          Completa il Pagamento
        </h2>
        <SolidarityContributionField applied={contributionEuros} onApply={setContributionEuros} disabled={paidId !== null} />
        {left}
        {record.isPending && <p className="text-sm text-gray-600">{CHECKOUT_PANEL_MESSAGES.recording}</p>}
        {record.isError && paidId && (
          <RetryAlert message={CHECKOUT_PANEL_MESSAGES.recordFailed(record.error.message)} onRetry={() => recordOrder(paidId)} />
        )}
      </section>
      <OrderSummary lines={lines} figures={configured ? (intent.data ?? null) : previewFigures(lines, contributionEuros)} />
    </div>
  );
}

/** {@link CheckoutPanelView} in the app's query client (withQueryClient: react-query loads with this screen). */
export default withQueryClient(CheckoutPanelView);

import { ExpressCheckoutElement, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { DEBIT_PROCESSING_MESSAGE } from '@contracts/record-payment';
import { CheckoutStatusMessage } from './CheckoutStatusMessage';
import { paymentReturnUrl } from './return-path';

/** The checkout status messages (docs/product.md, "Order flow": Online). */
export const CHECKOUT_MESSAGES = {
  processing: 'Elaborazione del pagamento in corso...',
  succeeded: 'Pagamento completato con successo!',
  providerError: (message: string) => `Errore: ${message}`,
  otherStatus: (status: string) => `Il pagamento è in stato: ${status}`,
  /** A debit (SEPA) started: Stripe settles it in a few working days; the webhook records it 'In elaborazione' and e-mails the outcome. */
  debitProcessing: DEBIT_PROCESSING_MESSAGE,
  exception: 'Si è verificato un errore durante il pagamento',
  expressDone: 'Pagamento express checkout elaborato',
  expressError: 'Errore durante il pagamento express',
} as const;

/** Props of {@link CheckoutForm}. */
export interface CheckoutFormProps {
  /** The payment screen's path, e.g. '/campo-estivo': /payment-success links back to it after a failed redirect. */
  returnPath: string;
  /** True once the payment succeeded: paying again is not offered. */
  paid: boolean;
  /** Called once the PaymentIntent succeeded, with its id ('pi_...'). */
  onSucceeded: (paymentIntentId: string) => void;
}

/**
 * 'Completa il Pagamento' (docs/product.md, "Order flow": Online): the Express Checkout
 * Element, the Payment Element under 'Dettagli di pagamento' and 'Paga ora'
 * ('Pagamento in Corso...' with a spinner while processing). Submitting does
 * nothing until Stripe and its elements are ready, or once paid or a debit
 * (SEPA) has started ('processing': the parent reads that it takes a few
 * working days and an e-mail confirms it; the webhook records it). Redirects
 * to /payment-success only when the payment method requires it.
 */
export function CheckoutForm({ returnPath, paid, onSucceeded }: CheckoutFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [message, setMessage] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  // A debit under way: paying again is not offered (the webhook records it).
  const [debitStarted, setDebitStarted] = useState(false);

  const confirm = async () => {
    if (!stripe || !elements || paid || debitStarted) return null;
    return stripe.confirmPayment({
      elements,
      confirmParams: { return_url: paymentReturnUrl(window.location.origin, returnPath) },
      redirect: 'if_required',
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || paid || debitStarted) return;
    setProcessing(true);
    setMessage(CHECKOUT_MESSAGES.processing);
    try {
      const result = await confirm();
      if (!result) return;
      if (result.error) {
        setMessage(CHECKOUT_MESSAGES.providerError(result.error.message ?? ''));
      } else if (result.paymentIntent.status === 'succeeded') {
        setMessage(CHECKOUT_MESSAGES.succeeded);
        onSucceeded(result.paymentIntent.id);
      } else if (result.paymentIntent.status === 'processing') {
        setDebitStarted(true);
        setMessage(CHECKOUT_MESSAGES.debitProcessing);
      } else {
        setMessage(CHECKOUT_MESSAGES.otherStatus(result.paymentIntent.status));
      }
    } catch (error) {
      console.error('Pagamento non riuscito:', error);
      setMessage(CHECKOUT_MESSAGES.exception);
    } finally {
      setProcessing(false);
    }
  };

  const confirmExpress = async () => {
    try {
      const result = await confirm();
      if (!result) return;
      if (result.error) {
        setMessage(CHECKOUT_MESSAGES.expressError);
        return;
      }
      setMessage(CHECKOUT_MESSAGES.expressDone);
      if (result.paymentIntent.status === 'succeeded') onSucceeded(result.paymentIntent.id);
    } catch (error) {
      console.error('Pagamento express non riuscito:', error);
      setMessage(CHECKOUT_MESSAGES.expressError);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4">
      <ExpressCheckoutElement onConfirm={() => void confirmExpress()} />
      <div>
        <h3 className="mb-2 text-base font-semibold">Dettagli di pagamento</h3>
        <PaymentElement options={{ layout: 'tabs' }} />
      </div>
      <Button type="submit" className="w-full" loading={processing} disabled={!stripe || !elements || paid || debitStarted}>
        {processing ? 'Pagamento in Corso...' : 'Paga ora'}
      </Button>
      {message && <CheckoutStatusMessage message={message} />}
    </form>
  );
}

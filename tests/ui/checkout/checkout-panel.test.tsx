import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OnlineCheckout } from '@/app/payment/OnlineCheckout';
import type { OrderRequest } from '@contracts/order-request';
import CheckoutPanel, { type CheckoutPanelProps } from '@/features/checkout/CheckoutPanel';
import { renderWithProviders } from '../support/render';
import { functions, heldAnswer, SERVER_FIGURES, startFakeFunctions } from './functions-fake';
import { resetStripeState, stripeState } from './stripe-mock';

// Stripe is the boundary: its React hooks and elements are replaced, and so is
// whether this build has a Stripe key (read once when src/lib/stripe.ts loads).
vi.mock('@stripe/react-stripe-js', async () => (await import('./stripe-mock')).reactStripeMock);
const stripeConfig = vi.hoisted(() => ({ configured: true }));
vi.mock('@/lib/stripe', () => ({
  isStripeConfigured: () => stripeConfig.configured,
  getStripe: () => Promise.resolve({ stripe: 'loaded' }),
}));

startFakeFunctions();

const request: OrderRequest = {
  cf: 'RSSMRA80C12H501E',
  product: 'campo-acconto',
  children: [{ id: 'son-rossi-marco' }, { id: 'son-rossi-giulia' }],
  idempotencyKey: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
};
const lines = [
  { plan: 'Campo Estivo - Acconto', size: '' as const, priceEuros: 100 },
  { plan: 'Campo Estivo - Acconto', size: '' as const, priceEuros: 150 },
];

function renderPanel(props: Partial<CheckoutPanelProps> = {}) {
  const onRecorded = vi.fn();
  const panel = (overrides: Partial<CheckoutPanelProps>) => (
    <CheckoutPanel request={request} lines={lines} returnPath="/campo-estivo" onRecorded={onRecorded} {...props} {...overrides} />
  );
  const view = renderWithProviders(panel({}));
  return { onRecorded, user: view.user, rerender: (overrides: Partial<CheckoutPanelProps>) => view.rerender(panel(overrides)) };
}

const secretAnswer = (
  secret: string,
  figures: { amountEuros: number; contributionEuros?: number; feeEuros: number; totalEuros: number } = SERVER_FIGURES,
) => HttpResponse.json({ checkoutSessionClientSecret: secret, contributionEuros: 0, ...figures });

/** The request as the panel sends it: the order request and the contribution (0 until the parent adds one). */
const sent = (order: OrderRequest, solidarityContributionEuros = 0) => ({ ...order, solidarityContributionEuros });

beforeEach(() => {
  resetStripeState();
  stripeConfig.configured = true;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('asking for the PaymentIntent', () => {
  it("sends the order request, not an amount, and shows 'Loading...' until the client secret arrives", async () => {
    const held = heldAnswer();
    functions.createPaymentIntent.queue.push(held.answer);
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Completa il Pagamento' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(functions.createPaymentIntent.bodies).toEqual([sent(request)]));
    expect(screen.getByTestId('summary-total')).toHaveTextContent('—');

    held.release(secretAnswer('pi_1_secret_x'));
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dettagli di pagamento' })).toBeInTheDocument();
    expect(stripeState.elementsOptions).toMatchObject({ clientSecret: 'pi_1_secret_x', locale: 'it' });
  });

  it("shows the server's amount, fee and total in 'Riepilogo Ordine', with the screen's lines", async () => {
    // Figures the browser could not have computed from its lines: the summary shows the server's.
    functions.createPaymentIntent.queue.push(secretAnswer('pi_1_secret_x', { amountEuros: 300, feeEuros: 6.02, totalEuros: 306.02 }));
    renderPanel({ lines: [...lines, { plan: 'Felpa Reparto', size: 'XL', priceEuros: 30 }] });
    const summary = screen.getByRole('region', { name: 'Riepilogo Ordine' });
    expect(
      within(summary)
        .getAllByTestId('summary-item')
        .map((line) => line.textContent),
    ).toEqual(['Campo Estivo - Accontox 1100,00 €', 'Campo Estivo - Accontox 1150,00 €', 'Felpa RepartoTaglia XLx 130,00 €']);
    await waitFor(() => expect(within(summary).getByTestId('summary-total')).toHaveTextContent('306,02 €'));
    expect(within(summary).getByText('Commissioni Servizio')).toBeInTheDocument();
    expect(within(summary).getByTestId('summary-fee')).toHaveTextContent('6,02 €');
    expect(within(summary).getByTestId('summary-amount')).toHaveTextContent('300,00 €');
    expect(within(summary).getByText('Totale da Pagare')).toBeInTheDocument();
  });

  it('asks for a new PaymentIntent when the request changes, and shows its figures', async () => {
    const { rerender } = renderPanel();
    await screen.findByTestId('payment-element');
    const smaller = { ...request, children: [{ id: 'son-rossi-marco' }] };
    functions.createPaymentIntent.queue.push(secretAnswer('pi_2_secret_y', { amountEuros: 100, feeEuros: 2.17, totalEuros: 102.17 }));
    rerender({ request: smaller, lines: lines.slice(0, 1) });
    await waitFor(() => expect(functions.createPaymentIntent.bodies).toEqual([sent(request), sent(smaller)]));
    await waitFor(() => expect(stripeState.elementsOptions).toMatchObject({ clientSecret: 'pi_2_secret_y' }));
    expect(screen.getByTestId('summary-total')).toHaveTextContent('102,17 €');
  });

  it("asks for a new PaymentIntent with the 'Contributo al fondo di solidarietà' the parent adds, and shows it on its own line", async () => {
    const { user } = renderPanel();
    await screen.findByTestId('payment-element');
    functions.createPaymentIntent.queue.push(
      secretAnswer('pi_2_secret_y', { amountEuros: 250, contributionEuros: 12.5, feeEuros: 5.2, totalEuros: 267.7 }),
    );
    await user.type(screen.getByLabelText('Contributo al fondo di solidarietà (facoltativo)'), '12,50');
    await user.click(screen.getByRole('button', { name: 'Aggiorna totale' }));
    await waitFor(() => expect(functions.createPaymentIntent.bodies).toEqual([sent(request), sent(request, 12.5)]));
    await waitFor(() => expect(stripeState.elementsOptions).toMatchObject({ clientSecret: 'pi_2_secret_y' }));
    expect(screen.getByTestId('summary-contribution')).toHaveTextContent('12,50 €');
    expect(screen.getByTestId('summary-amount')).toHaveTextContent('250,00 €');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('267,70 €');
  });

  it('refuses a contribution over 500 € or with three decimals in Italian, and asks nothing new', async () => {
    const { user } = renderPanel();
    await screen.findByTestId('payment-element');
    const field = screen.getByLabelText('Contributo al fondo di solidarietà (facoltativo)');
    for (const typed of ['500,01', '1,234', 'dieci']) {
      await user.clear(field);
      await user.type(field, typed);
      await user.click(screen.getByRole('button', { name: 'Aggiorna totale' }));
      expect(await screen.findByText(/Contributo al fondo di solidarietà non valido/)).toBeInTheDocument();
    }
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(functions.createPaymentIntent.bodies).toEqual([sent(request)]);
  });

  it('does not ask again when the same request is rendered again', async () => {
    const { rerender } = renderPanel();
    await screen.findByTestId('payment-element');
    rerender({ request: { ...request, children: request.children.map((child) => ({ ...child })) } });
    await screen.findByTestId('payment-element');
    expect(functions.createPaymentIntent.bodies).toHaveLength(1);
  });

  it('shows the Italian error with a retry instead of loading forever', async () => {
    functions.createPaymentIntent.queue.push(HttpResponse.json({ error: 'Il pagamento con carta non è configurato.' }, { status: 503 }));
    const { user } = renderPanel();
    expect(await screen.findByText('Il pagamento con carta non è configurato.')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(functions.createPaymentIntent.bodies).toHaveLength(2);
    expect(screen.getByTestId('summary-total')).toHaveTextContent('254,97 €');
  });

  it('shows a refused order in Italian (a child of another family)', async () => {
    functions.createPaymentIntent.queue.push(
      HttpResponse.json({ error: 'Uno dei figli indicati non appartiene a questa famiglia.' }, { status: 400 }),
    );
    renderPanel();
    expect(await screen.findByText('Uno dei figli indicati non appartiene a questa famiglia.')).toBeInTheDocument();
  });

  it('says when the function cannot be reached', async () => {
    functions.createPaymentIntent.queue.push(HttpResponse.error());
    renderPanel();
    expect(await screen.findByText(/Il servizio non è raggiungibile/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });

  it('says clearly when Stripe is not configured, without calling the function', async () => {
    stripeConfig.configured = false;
    renderPanel();
    expect(screen.getByText(/Il pagamento con carta non è configurato/)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(functions.createPaymentIntent.bodies).toEqual([]);
  });
});

describe('paying', () => {
  async function ready(props: Partial<CheckoutPanelProps> = {}) {
    const rendered = renderPanel(props);
    await screen.findByTestId('payment-element');
    return rendered;
  }

  it("shows 'Pagamento in Corso...' while processing, then records the payment on the server", async () => {
    let finish: (value: unknown) => void = () => {};
    stripeState.stripe!.confirmPayment.mockReturnValue(
      new Promise((resolve) => {
        finish = resolve;
      }),
    );
    const { user, onRecorded } = await ready();
    await user.click(screen.getByRole('button', { name: 'Paga ora' }));
    expect(screen.getByRole('button', { name: /Pagamento in Corso\.\.\./ })).toBeDisabled();
    expect(screen.getByText('Elaborazione del pagamento in corso...')).toBeInTheDocument();
    expect(stripeState.stripe!.confirmPayment).toHaveBeenCalledWith({
      elements: stripeState.elements,
      confirmParams: { return_url: `${window.location.origin}/payment-success?from=%2Fcampo-estivo` },
      redirect: 'if_required',
    });
    expect(functions.recordPayment.bodies).toEqual([]);

    finish({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    expect(await screen.findByText('Pagamento completato con successo!')).toHaveAttribute('data-tone', 'success');
    await waitFor(() => expect(onRecorded).toHaveBeenCalledWith({ orderId: 'pi_1', status: 'Confermato' }));
    expect(functions.recordPayment.bodies).toEqual([{ paymentIntentId: 'pi_1' }]);
    expect(screen.getByRole('button', { name: 'Paga ora' })).toBeDisabled();
  });

  it("shows a provider error as 'Errore: {message}' in a red box and records nothing", async () => {
    stripeState.stripe!.confirmPayment.mockResolvedValue({ error: { message: 'La carta è stata rifiutata.' } });
    const { user, onRecorded } = await ready();
    await user.click(screen.getByRole('button', { name: 'Paga ora' }));
    expect(await screen.findByText('Errore: La carta è stata rifiutata.')).toHaveAttribute('data-tone', 'error');
    expect(screen.getByRole('button', { name: 'Paga ora' })).toBeEnabled();
    expect(functions.recordPayment.bodies).toEqual([]);
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it('says a debit (processing) takes a few working days and an e-mail confirms it; records nothing and offers no second payment', async () => {
    stripeState.stripe!.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'processing' } });
    const { user } = await ready();
    await user.click(screen.getByRole('button', { name: 'Paga ora' }));
    const message = await screen.findByText(/Pagamento in elaborazione/);
    expect(message).toHaveAttribute('data-tone', 'success');
    expect(message.textContent).toContain('alcuni giorni lavorativi');
    expect(message.textContent).toContain('e-mail');
    expect(message.textContent).not.toContain('processing');
    expect(screen.getByRole('button', { name: 'Paga ora' })).toBeDisabled();
    expect(functions.recordPayment.bodies).toEqual([]);
  });

  it('reports any other status and records nothing', async () => {
    stripeState.stripe!.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'requires_action' } });
    const { user } = await ready();
    await user.click(screen.getByRole('button', { name: 'Paga ora' }));
    expect(await screen.findByText('Il pagamento è in stato: requires_action')).toHaveAttribute('data-tone', 'success');
    expect(functions.recordPayment.bodies).toEqual([]);
  });

  it('reports an exception', async () => {
    stripeState.stripe!.confirmPayment.mockRejectedValue(new Error('boom'));
    const { user } = await ready();
    await user.click(screen.getByRole('button', { name: 'Paga ora' }));
    expect(await screen.findByText('Si è verificato un errore durante il pagamento')).toBeInTheDocument();
    expect(functions.recordPayment.bodies).toEqual([]);
  });

  it('does nothing while Stripe is not ready', async () => {
    const { user } = await ready();
    stripeState.stripe = null;
    await user.click(screen.getByRole('button', { name: 'Express checkout' }));
    expect(screen.queryByText(/Elaborazione|express/)).not.toBeInTheDocument();
  });

  it('confirms express checkout and records after success; reports its errors', async () => {
    stripeState.stripe!.confirmPayment.mockResolvedValueOnce({ error: { message: 'no' } });
    const { user, onRecorded } = await ready();
    await user.click(screen.getByRole('button', { name: 'Express checkout' }));
    expect(await screen.findByText('Errore durante il pagamento express')).toHaveAttribute('data-tone', 'error');
    stripeState.stripe!.confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_x', status: 'succeeded' } });
    functions.recordPayment.queue.push(HttpResponse.json({ orderId: 'pi_x', status: 'Confermato' }));
    await user.click(screen.getByRole('button', { name: 'Express checkout' }));
    expect(await screen.findByText('Pagamento express checkout elaborato')).toBeInTheDocument();
    await waitFor(() => expect(onRecorded).toHaveBeenCalledWith({ orderId: 'pi_x', status: 'Confermato' }));
    expect(functions.recordPayment.bodies).toEqual([{ paymentIntentId: 'pi_x' }]);
  });

  it('lets the parent retry recording when the payment succeeded but record-payment failed, without paying again', async () => {
    stripeState.stripe!.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    functions.recordPayment.queue.push(
      HttpResponse.json({ error: 'Il servizio di pagamento non ha risposto correttamente. Riprova tra qualche istante.' }, { status: 502 }),
    );
    const { user, onRecorded } = await ready();
    await user.click(screen.getByRole('button', { name: 'Paga ora' }));
    expect(
      await screen.findByText(/l'ordine non è stato ancora registrato\. Il servizio di pagamento non ha risposto correttamente/),
    ).toBeInTheDocument();
    expect(screen.getByText(/non ti verrà addebitato nulla di nuovo/)).toBeInTheDocument();
    expect(onRecorded).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Paga ora' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalledWith({ orderId: 'pi_1', status: 'Confermato' }));
    expect(functions.recordPayment.bodies).toEqual([{ paymentIntentId: 'pi_1' }, { paymentIntentId: 'pi_1' }]);
    expect(stripeState.stripe!.confirmPayment).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/non è stato ancora registrato/)).not.toBeInTheDocument();
  });
});

describe('OnlineCheckout', () => {
  it('loads the panel, and after payment and recording lands on /pagamento', async () => {
    stripeState.stripe!.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const { user } = renderWithProviders(
      <Routes>
        <Route
          path="/campo-estivo"
          element={
            <OnlineCheckout
              request={request}
              lines={lines.map((line) => ({ ...line, child: { id: 'x', name: 'X', surname: 'Y' } }))}
              returnPath="/campo-estivo"
            />
          }
        />
        <Route path="/pagamento" element={<h1>Pagamento Effettuato con Successo</h1>} />
      </Routes>,
      { initialEntries: ['/campo-estivo'] },
    );
    await screen.findByTestId('payment-element');
    expect(functions.createPaymentIntent.bodies).toEqual([sent(request)]);
    await user.click(screen.getByRole('button', { name: 'Paga ora' }));
    expect(await screen.findByRole('heading', { name: 'Pagamento Effettuato con Successo' })).toBeInTheDocument();
    expect(functions.recordPayment.bodies).toEqual([{ paymentIntentId: 'pi_1' }]);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CheckoutPanel from '../../../src/features/checkout/CheckoutPanel';
import { readPendingOrder } from '../../../src/features/checkout/pending-order';
import { resetStripeState, stripeState } from './stripe-mock';

vi.mock('@stripe/react-stripe-js', async () => (await import('./stripe-mock')).reactStripeMock);
const stripeConfig = vi.hoisted(() => ({ configured: true }));
vi.mock('../../../src/lib/stripe', () => ({
  isStripeConfigured: () => stripeConfig.configured,
  getStripe: () => Promise.resolve({ stripe: 'loaded' }),
}));

const items = [
  { plan: 'Campo Estivo - Acconto', priceEuros: 100 },
  { plan: 'Campo Estivo - Acconto', priceEuros: 150 },
];
const pendingOrder = {
  familyId: 'family-rossi',
  returnPath: '/campo-estivo',
  lines: [
    { plan: 'Campo Estivo - Acconto' as const, note: '', priceEuros: 100, son: { id: 'marco', name: 'Marco', surname: 'Rossi' } },
    { plan: 'Campo Estivo - Acconto' as const, note: '', priceEuros: 150, son: { id: 'giulia', name: 'Giulia', surname: 'Rossi' } },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;

function renderPanel(props: Partial<Parameters<typeof CheckoutPanel>[0]> = {}) {
  const onPaid = vi.fn<(id: string) => Promise<void>>().mockResolvedValue(undefined);
  const client = new QueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <CheckoutPanel items={items} amountEuros={250} pendingOrder={pendingOrder} onPaid={onPaid} {...props} />
    </QueryClientProvider>,
  );
  return { onPaid, user: userEvent.setup(), view, client };
}

const secretResponse = () => new Response(JSON.stringify({ checkoutSessionClientSecret: 'pi_1_secret_x' }), { status: 200 });

beforeEach(() => {
  resetStripeState();
  stripeConfig.configured = true;
  sessionStorage.clear();
  fetchMock = vi.fn().mockImplementation(async () => secretResponse());
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('order summary', () => {
  it('lists each item, the service fee and the total (250,00 € + 4,97 € = 254,97 €)', async () => {
    renderPanel();
    const summary = screen.getByRole('region', { name: 'Riepilogo Ordine' });
    const lines = within(summary).getAllByTestId('summary-item');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Campo Estivo - Accontox 1100,00 €',
      'Campo Estivo - Accontox 1150,00 €',
    ]);
    expect(within(summary).getByText('Commissioni Servizio')).toBeInTheDocument();
    expect(within(summary).getByTestId('summary-fee')).toHaveTextContent('4,97 €');
    expect(within(summary).getByText('Totale da Pagare')).toBeInTheDocument();
    expect(within(summary).getByTestId('summary-total')).toHaveTextContent('254,97 €');
    await screen.findByTestId('payment-element');
  });

  it('shows the size of sweatshirts and T-shirts', () => {
    renderPanel({ items: [{ plan: 'Felpa Reparto', note: 'XL', priceEuros: 30 }], amountEuros: 30 });
    expect(screen.getByText('Taglia XL')).toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('30,87 €');
  });
});

describe('client secret', () => {
  it("requests a PaymentIntent for the total in cents and shows 'Loading...' until it arrives", async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPanel();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Completa il Pagamento' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/.netlify/functions/create-payment-intent');
    expect(JSON.parse(init.body as string)).toEqual({ amount: 25497 });
    answer(secretResponse());
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dettagli di pagamento' })).toBeInTheDocument();
    expect(stripeState.elementsOptions).toMatchObject({ clientSecret: 'pi_1_secret_x' });
  });

  it('requests a new PaymentIntent when the amount changes', async () => {
    const { view, client, onPaid } = renderPanel();
    await screen.findByTestId('payment-element');
    view.rerender(
      <QueryClientProvider client={client}>
        <CheckoutPanel items={items.slice(0, 1)} amountEuros={100} pendingOrder={pendingOrder} onPaid={onPaid} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse((fetchMock.mock.calls[1] as [string, RequestInit])[1].body as string)).toEqual({ amount: 10217 });
  });

  it('shows the function error in Italian with a retry instead of loading forever', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ error: 'Il pagamento con carta non è configurato.' }), { status: 503 }));
    const { user } = renderPanel();
    expect(await screen.findByText('Il pagamento con carta non è configurato.')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
  });

  it('says clearly when Stripe is not configured, without calling the function', () => {
    stripeConfig.configured = false;
    renderPanel();
    expect(screen.getByText(/Il pagamento con carta non è configurato/)).toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('254,97 €');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('paying', () => {
  async function ready() {
    const rendered = renderPanel();
    await screen.findByTestId('payment-element');
    return rendered;
  }

  it("shows 'Pagamento in Corso...' while processing, then saves the order only after success", async () => {
    let finish: (value: unknown) => void = () => {};
    stripeState.stripe!.confirmPayment.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const { user, onPaid } = await ready();
    await user.click(screen.getByRole('button', { name: 'Paga ora' }));
    expect(screen.getByRole('button', { name: /Pagamento in Corso\.\.\./ })).toBeDisabled();
    expect(screen.getByText('Elaborazione del pagamento in corso...')).toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
    expect(readPendingOrder()?.familyId).toBe('family-rossi');
    expect(stripeState.stripe!.confirmPayment).toHaveBeenCalledWith({
      elements: stripeState.elements,
      confirmParams: { return_url: `${window.location.origin}/payment-success` },
      redirect: 'if_required',
    });
    finish({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    expect(await screen.findByText('Pagamento completato con successo!')).toHaveAttribute('data-tone', 'success');
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_1'));
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Paga ora' })).toBeEnabled();
  });

  it("shows a provider error as 'Errore: {message}' in a red box and saves nothing", async () => {
    stripeState.stripe!.confirmPayment.mockResolvedValue({ error: { message: 'La carta è stata rifiutata.' } });
    const { user, onPaid } = await ready();
    await user.click(screen.getByRole('button', { name: 'Paga ora' }));
    expect(await screen.findByText('Errore: La carta è stata rifiutata.')).toHaveAttribute('data-tone', 'error');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('reports any other status', async () => {
    stripeState.stripe!.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'processing' } });
    const { user, onPaid } = await ready();
    await user.click(screen.getByRole('button', { name: 'Paga ora' }));
    expect(await screen.findByText('Il pagamento è in stato: processing')).toHaveAttribute('data-tone', 'success');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('reports an exception', async () => {
    stripeState.stripe!.confirmPayment.mockRejectedValue(new Error('boom'));
    const { user, onPaid } = await ready();
    await user.click(screen.getByRole('button', { name: 'Paga ora' }));
    expect(await screen.findByText('Si è verificato un errore durante il pagamento')).toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('does nothing while Stripe is not ready', async () => {
    const { user } = await ready();
    stripeState.stripe = null;
    await user.click(screen.getByRole('button', { name: 'Express checkout' }));
    expect(screen.queryByRole('status', { name: '' })).toBeNull();
    expect(screen.queryByText(/Elaborazione/)).not.toBeInTheDocument();
  });

  it('confirms express checkout and saves after success; reports its errors', async () => {
    stripeState.stripe!.confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_x', status: 'succeeded' } });
    const { user, onPaid } = await ready();
    await user.click(screen.getByRole('button', { name: 'Express checkout' }));
    expect(await screen.findByText('Pagamento express checkout elaborato')).toBeInTheDocument();
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_x'));
    stripeState.stripe!.confirmPayment.mockResolvedValueOnce({ error: { message: 'no' } });
    await user.click(screen.getByRole('button', { name: 'Express checkout' }));
    expect(await screen.findByText('Errore durante il pagamento express')).toHaveAttribute('data-tone', 'error');
  });

  it('lets the parent retry saving when the payment succeeded but the save failed', async () => {
    stripeState.stripe!.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const { user, onPaid } = await ready();
    onPaid.mockRejectedValueOnce(new Error('offline'));
    await user.click(screen.getByRole('button', { name: 'Paga ora' }));
    expect(await screen.findByText(/non siamo riusciti a registrare l'ordine/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(2));
    expect(onPaid).toHaveBeenLastCalledWith('pi_1');
    expect(stripeState.stripe!.confirmPayment).toHaveBeenCalledTimes(1);
  });
});

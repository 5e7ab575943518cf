import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentSuccess } from '../../../src/features/checkout/PaymentSuccess';
import { putPendingOrder, readPendingOrder } from '../../../src/features/checkout/pending-order';
import type { SaveOrderInput } from '../../../src/lib/db/orders';

const retrievePaymentIntent = vi.hoisted(() => vi.fn());
vi.mock('../../../src/lib/stripe', () => ({
  isStripeConfigured: () => true,
  getStripe: () => Promise.resolve({ retrievePaymentIntent }),
}));

// An idempotent store like the real saveOrder: one order per orderId.
const savedOrders = vi.hoisted(() => new Map<string, unknown>());
const saveOrder = vi.hoisted(() =>
  vi.fn(async (input: SaveOrderInput) => {
    const alreadySaved = savedOrders.has(input.orderId ?? '');
    if (!alreadySaved) savedOrders.set(input.orderId ?? '', input);
    return { orderId: input.orderId, totalAmountEuros: 30, alreadySaved };
  }),
);
vi.mock('../../../src/lib/db/orders', () => ({ saveOrder }));

const pending = {
  familyId: 'family-bianchi',
  returnPath: '/felpa-reparto',
  lines: [{ plan: 'Felpa Reparto' as const, note: 'M', priceEuros: 30, son: { id: 'sara', name: 'Sara', surname: 'Bianchi' } }],
};

function visitReturnAddress() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/payment-success?payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_z&redirect_status=succeeded']}>
        <Routes>
          <Route path="/payment-success" element={<PaymentSuccess />} />
          <Route path="/pagamento" element={<h1>Pagamento Effettuato con Successo</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  savedOrders.clear();
  saveOrder.mockClear();
  retrievePaymentIntent.mockReset();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/payment-success', () => {
  it('saves the pending order once as Online with the PaymentIntent id, then shows /pagamento; a reload adds nothing', async () => {
    retrievePaymentIntent.mockResolvedValue({ paymentIntent: { id: 'pi_9', status: 'succeeded' } });
    putPendingOrder(pending);
    const first = visitReturnAddress();
    expect(await screen.findByRole('heading', { name: 'Pagamento Effettuato con Successo' })).toBeInTheDocument();
    expect(retrievePaymentIntent).toHaveBeenCalledWith('pi_9_secret_z');
    expect(saveOrder).toHaveBeenCalledWith({ familyId: 'family-bianchi', method: 'Online', lines: pending.lines, orderId: 'pi_9' });
    expect(readPendingOrder()).toBeNull();
    first.unmount();

    visitReturnAddress();
    expect(await screen.findByRole('heading', { name: 'Pagamento Effettuato con Successo' })).toBeInTheDocument();
    expect(savedOrders.size).toBe(1);
  });

  it('writes one order even if the stash survived a crash between saving and clearing', async () => {
    retrievePaymentIntent.mockResolvedValue({ paymentIntent: { id: 'pi_9', status: 'succeeded' } });
    putPendingOrder(pending);
    await saveOrder({ familyId: pending.familyId, method: 'Online', lines: pending.lines, orderId: 'pi_9' });
    visitReturnAddress();
    expect(await screen.findByRole('heading', { name: 'Pagamento Effettuato con Successo' })).toBeInTheDocument();
    expect(savedOrders.size).toBe(1);
  });

  it('shows an Italian error and saves nothing when the payment did not succeed', async () => {
    retrievePaymentIntent.mockResolvedValue({ paymentIntent: { id: 'pi_9', status: 'requires_payment_method' } });
    putPendingOrder(pending);
    visitReturnAddress();
    expect(await screen.findByText(/il pagamento non è stato completato \(stato: requires_payment_method\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna al pagamento' })).toHaveAttribute('href', '/felpa-reparto');
    expect(saveOrder).not.toHaveBeenCalled();
    expect(readPendingOrder()).not.toBeNull();
  });
});

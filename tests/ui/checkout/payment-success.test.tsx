import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentSuccess } from '@/features/checkout/PaymentSuccess';
import { renderWithProviders } from '../support/render';
import { functions, heldAnswer, startFakeFunctions } from './functions-fake';

startFakeFunctions();

const RETURN_ADDRESS =
  '/payment-success?from=%2Ffelpa-reparto&payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_z&redirect_status=succeeded';

function visit(address = RETURN_ADDRESS) {
  return renderWithProviders(
    <Routes>
      <Route path="/payment-success" element={<PaymentSuccess />} />
      <Route path="/pagamento" element={<h1>Pagamento Effettuato con Successo</h1>} />
      <Route path="/felpa-reparto" element={<h1>Felpa Reparto</h1>} />
      <Route path="/" element={<h1>Area famiglie</h1>} />
    </Routes>,
    { initialEntries: [address] },
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/payment-success', () => {
  it('asks record-payment to record the PaymentIntent of the address, then shows /pagamento', async () => {
    const held = heldAnswer();
    functions.recordPayment.queue.push(held.answer);
    visit();
    expect(await screen.findByText('Verifica del pagamento in corso...')).toBeInTheDocument();
    await waitFor(() => expect(functions.recordPayment.bodies).toEqual([{ paymentIntentId: 'pi_9' }]));
    held.release(HttpResponse.json({ orderId: 'pi_9', status: 'Confermato' }));
    expect(await screen.findByRole('heading', { name: 'Pagamento Effettuato con Successo' })).toBeInTheDocument();
  });

  it('lands on /pagamento on a reload too (the server records the order once)', async () => {
    const first = visit();
    await screen.findByRole('heading', { name: 'Pagamento Effettuato con Successo' });
    first.unmount();
    visit();
    await screen.findByRole('heading', { name: 'Pagamento Effettuato con Successo' });
    expect(functions.recordPayment.bodies).toEqual([{ paymentIntentId: 'pi_9' }, { paymentIntentId: 'pi_9' }]);
  });

  it('shows the Italian error when the payment did not succeed, with a retry and a way back to the payment screen', async () => {
    functions.recordPayment.queue.push(
      HttpResponse.json({ error: 'Il pagamento non risulta completato (stato: requires_payment_method).' }, { status: 409 }),
    );
    visit();
    expect(await screen.findByText('Errore: Il pagamento non risulta completato (stato: requires_payment_method).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna al pagamento' })).toHaveAttribute('href', '/felpa-reparto');
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pagamento Effettuato con Successo' })).not.toBeInTheDocument();
  });

  it("calls record-payment again on 'Riprova' (e.g. after a network failure) and then shows /pagamento", async () => {
    functions.recordPayment.queue.push(HttpResponse.error());
    visit();
    expect(await screen.findByText(/Errore: Il servizio non è raggiungibile/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('heading', { name: 'Pagamento Effettuato con Successo' })).toBeInTheDocument();
    expect(functions.recordPayment.bodies).toEqual([{ paymentIntentId: 'pi_9' }, { paymentIntentId: 'pi_9' }]);
  });

  it.each([
    ['no payment_intent', '/payment-success?from=%2Ffelpa-reparto'],
    ['a malformed payment_intent', '/payment-success?from=%2Ffelpa-reparto&payment_intent=pi_9%2F..%2Fx'],
  ])('says the address is not valid for %s, without calling record-payment', async (_label, address) => {
    visit(address);
    expect(screen.getByText('Indirizzo di ritorno del pagamento non valido.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Torna al pagamento' }));
    expect(await screen.findByRole('heading', { name: 'Felpa Reparto' })).toBeInTheDocument();
    expect(functions.recordPayment.bodies).toEqual([]);
  });

  it('never links back to another site', () => {
    visit('/payment-success?from=%2F%2Fevil.example%2Fx');
    expect(screen.getByRole('link', { name: 'Torna al pagamento' })).toHaveAttribute('href', '/');
  });
});

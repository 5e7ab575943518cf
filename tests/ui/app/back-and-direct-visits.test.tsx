import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import { pageOptions } from '@/app/payment/page-choice';
import { ProductRoute } from '@/app/routes/ProductRoute';
import { specPageOf } from '@config/product-pages';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { snapshotOf, initialOrderFlow, orderFlowReducer } from '@/app/payment/order-flow-reducer';
import { ProductTransferRoute } from '@/app/routes/ProductTransferRoute';
import { PagamentoRoute } from '@/app/routes/PagamentoRoute';
import type { FamilyLookup } from '@domain/families/family-lookup';
import { PAYMENT_DONE_STATE } from '@/features/checkout/payment-done';
import { FamilyLookupForm } from '@/features/family-lookup/FamilyLookupForm';
import { fn, setupFunctionsServer, SPEC_SEASON } from '../support/functions';
import { renderWithProviders } from '../support/render';

const server = setupFunctionsServer();

const CF = 'RSSMRA80C12H501E';
const son = (id: string, name: string) => ({
  id,
  name,
  surname: 'Rossi',
  cf: 'RSSMRC12E03H501X',
  branch: 'Reparto' as const,
  paid: [] as FamilyLookup['children'][number]['paid'],
  medicalForm: { eligible: false, uploaded: false },
});
const ROSSI: FamilyLookup = {
  family: { id: 'family-rossi', surname: 'Rossi' },
  receipts: [],
  catalogue: seedCatalogue(),
  children: [son('marco', 'Marco'), son('luca', 'Luca')],
};

describe('Back from a transfer page', () => {
  it('shows the same fiscal code, quota, method and family, and reads the family again to show what is now held', async () => {
    const calls: unknown[] = [];
    const marcoHolds: FamilyLookup = {
      ...ROSSI,
      children: ROSSI.children.map((child) =>
        child.id === 'marco'
          ? { ...child, paid: [{ plan: 'Campo Estivo - Acconto', status: 'Da Verificare', date: '2025-03-01T10:00:00Z', note: '' }] }
          : child,
      ),
    };
    server.use(fn('lookup-family', () => ({ status: 200, json: marcoHolds }), calls));
    const state = orderFlowReducer(initialOrderFlow('k', pageOptions(specPageOf('campo-acconto')!)), {
      type: 'found',
      lookup: ROSSI,
      values: { fiscalCode: CF, quota: 'Acconto', method: 'Bonifico' },
      key: 'k1',
    });
    renderWithProviders(
      <Routes>
        <Route path="/campo-estivo" element={<ProductRoute page={specPageOf('campo-acconto')!} />} />
      </Routes>,
      { initialEntries: [{ pathname: '/campo-estivo', state: { orderFlow: snapshotOf(state) } }] },
    );

    expect(screen.getByLabelText('Codice Fiscale Genitore')).toHaveValue(CF);
    expect(screen.getByLabelText('Quota da Pagare')).toHaveValue('Acconto');
    expect(screen.getByLabelText('Metodo di Pagamento')).toHaveValue('Bonifico');
    expect(await screen.findByRole('checkbox', { name: /Luca Rossi/ })).toBeEnabled();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Marco Rossi/ })).toBeDisabled());
    expect(calls).toEqual([{ cf: CF }]);
  });

  it('a first visit starts empty and reads nothing', () => {
    const calls: unknown[] = [];
    server.use(fn('lookup-family', () => ({ status: 200, json: ROSSI }), calls));
    renderWithProviders(
      <Routes>
        <Route path="/campo-estivo" element={<ProductRoute page={specPageOf('campo-acconto')!} />} />
      </Routes>,
      { initialEntries: ['/campo-estivo'] },
    );
    expect(screen.getByLabelText('Codice Fiscale Genitore')).toHaveValue('');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('pages reached without an order', () => {
  it('/pagamento opened directly claims no payment and links the payment screens', () => {
    renderWithProviders(<PagamentoRoute />, { initialEntries: ['/pagamento'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Nessun pagamento da mostrare' })).toBeInTheDocument();
    expect(screen.queryByText('Pagamento Effettuato con Successo')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Campo Estivo' })).toHaveAttribute('href', '/campo-estivo');
  });

  it('/pagamento after a recorded payment says it succeeded', () => {
    renderWithProviders(<PagamentoRoute />, { initialEntries: [{ pathname: '/pagamento', state: PAYMENT_DONE_STATE }] });
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento Effettuato con Successo' })).toBeInTheDocument();
  });

  it('/bonifico/felpa-gruppo opened directly says no order was recorded, links the Felpe screen and keeps the account details', async () => {
    renderWithProviders(<ProductTransferRoute page={specPageOf('felpa')!} />, { initialEntries: ['/bonifico/felpa-gruppo'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Nessun ordine da mostrare' })).toBeInTheDocument();
    expect(screen.queryByText('Ordine Registrato con Successo')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Felpe Reparto' })).toHaveAttribute('href', '/felpa-reparto');
    expect(await screen.findByText(SPEC_SEASON.bankAccount.iban)).toBeInTheDocument();
    expect(screen.getByText('IBAN')).toBeInTheDocument();
  });
});

describe('focus after Trova', () => {
  it('goes to the invalid field, then to the message when no parent has the code', async () => {
    // An unknown code is refused by request-access-code, before any lookup.
    server.use(
      fn('request-access-code', () => ({ status: 404, json: { error: 'Il codice fiscale inserito non risulta nei nostri sistemi' } })),
    );
    const { user } = renderWithProviders(<FamilyLookupForm fields={{ quota: null, method: false }} onFound={() => {}} />, {
      initialEntries: ['/'],
    });
    const field = screen.getByLabelText('Codice Fiscale Genitore');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    await waitFor(() => expect(field).toHaveFocus());

    await user.type(field, 'BNCNNA84L45B114C');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    const message = await screen.findByText('Il codice fiscale inserito non risulta nei nostri sistemi');
    await waitFor(() => expect(document.activeElement).toContainElement(message));
  });
});

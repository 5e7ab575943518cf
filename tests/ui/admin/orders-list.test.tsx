import { CLIENT_MESSAGES, UserFacingError } from '@/lib/api/functions-client';
import { screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildOrderRow,
  describeOrderQuery,
  ORDER_CSV_HEADER,
  type AdminOrderRow,
  type OrderFilters,
  type OrderQuery,
  type RowPayment,
  type SummaryEntry,
} from '@domain/orders/admin-orders';
import { PLAN } from '@domain/catalogue/seed';
import type { PaymentStatus } from '@domain/payments/payment-status';
import {
  fetchOrderSummary,
  fetchOrdersCount,
  fetchOrdersPage,
  setTransferConfirmation,
  cancelOrder,
  refundPayment,
  type OrdersCursor,
  type OrdersPage,
} from '@/features/admin/payments/api/admin-orders';
import { OrdersList } from '@/features/admin/payments/OrdersList';
import { downloadCsv } from '@/lib/csv';
import { renderWithProviders } from '../support/render';
import { callAdminContract } from '@/features/admin/shell/api/admin-functions';
import { SEED_PRICES } from '@domain/catalogue/seed';

/**
 * The orders desk against a fake of its Firestore calls
 * (src/features/admin/payments/api/admin-orders.ts; the real queries are exercised
 * against the emulator in tests/rules and tests/e2e/admin-orders.spec.ts):
 * the query options, hooks, mutation, URL filters and CSV are the real ones.
 */
vi.mock('@/features/admin/payments/api/admin-orders', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/admin/payments/api/admin-orders')>()),
  fetchOrdersPage: vi.fn(),
  fetchOrdersCount: vi.fn(),
  fetchOrderSummary: vi.fn(),
  setTransferConfirmation: vi.fn(),
  cancelOrder: vi.fn(),
  refundPayment: vi.fn(),
}));
// The season's settings (its own products) come through an admin function; by default it never answers, and the desk lists the spec's plans.
vi.mock('@/features/admin/shell/api/admin-functions', () => ({
  callAdminFunction: vi.fn(() => new Promise(() => {})),
  callAdminContract: vi.fn(() => new Promise(() => {})),
}));
vi.mock('@/lib/csv', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/csv')>()),
  downloadCsv: vi.fn(),
}));

const NO_FILTERS: OrderFilters = { surname: '', plan: null, method: null, status: null };

const payment = (id: string, surname: string, fields: Partial<RowPayment>): RowPayment => ({
  id,
  order_id: `order-${id}`,
  family_surname: surname,
  created_at: new Date(2025, 3, 2, 18, 45),
  plan: PLAN.maglietta,
  method: 'Bonifico',
  status: 'Da Verificare',
  total_amount: 30,
  lines: [],
  confirmed_at: null,
  confirmed_by: null,
  refunded_amount: 0,
  refund_requested: 0,
  history: [],
  receipt: null,
  reference: null,
  ...fields,
});
type Line = RowPayment['lines'][number];
const item = (paymentId: string, surname: string, name: string, note: Line['note'], price: number): Line => ({
  item_id: `${paymentId}-${name}`,
  child_id: `son-${name}`,
  name,
  surname,
  note,
  price,
});

/** The fake database: the season's payments with their items, newest first. */
let database: Array<{ payment: RowPayment; items: Line[] }>;

const matches = (query: OrderQuery, row: AdminOrderRow) =>
  query.equals.every(({ field, value }) => field === 'season' || row[field] === value) &&
  (!query.surnamePrefix || row.familySurname.replace(/\s+/g, '').toLowerCase().startsWith(query.surnamePrefix.atLeast));
const rowsOf = (query: OrderQuery) =>
  database.map(({ payment: p, items }) => buildOrderRow({ ...p, lines: items })).filter((row) => matches(query, row));

beforeEach(() => {
  database = [
    {
      payment: payment('p-verdi', 'Verdi', { reference: 'MG25-7K3Q' }),
      items: [item('p-verdi', 'Verdi', 'Andrea', 'M', 15), item('p-verdi', 'Verdi', 'Chiara', 'S', 15)],
    },
    {
      payment: payment('p-neri', 'Neri', { method: 'Online', status: 'Confermato', created_at: new Date(2025, 2, 20) }),
      items: [item('p-neri', 'Neri', 'Elisa', 'M', 15), item('p-neri', 'Neri', 'Pietro', 'XS', 15)],
    },
  ];
  vi.mocked(fetchOrdersPage).mockImplementation((query) => Promise.resolve({ rows: rowsOf(query), unreadable: [], next: null }));
  vi.mocked(fetchOrdersCount).mockImplementation((query) => Promise.resolve(rowsOf(query).length));
  vi.mocked(fetchOrderSummary).mockImplementation(() => {
    const entries: SummaryEntry[] = database.map(({ payment: p }) => ({ plan: p.plan, status: p.status, count: 1, total: p.total_amount }));
    // A card payment's 'Contributo al fondo di solidarietà', kept apart in the season's totals.
    return Promise.resolve([...entries, { plan: 'Maglietta Gruppo', status: 'Confermato', count: 1, total: 12.5, contribution: true }]);
  });
  vi.mocked(setTransferConfirmation).mockImplementation((paymentId, action) => {
    const record = database.find((entry) => entry.payment.id === paymentId);
    if (!record) return Promise.reject(new Error('missing'));
    const target: PaymentStatus = action === 'confirm' ? 'Confermato' : 'Da Verificare';
    record.payment =
      target === 'Confermato'
        ? { ...record.payment, status: target, confirmed_at: new Date(2025, 5, 7), confirmed_by: 'admin@example.com' }
        : { ...record.payment, status: target, confirmed_at: null, confirmed_by: null };
    return Promise.resolve(true);
  });
});

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

function showDesk(address = '/admin/check-pagamenti') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/admin/check-pagamenti"
        element={
          <>
            <OrdersList />
            <Address />
          </>
        }
      />
    </Routes>,
    { initialEntries: [address] },
  );
}

const orderRow = (surname: string) => {
  const row = screen.getAllByTestId('order-row').find((candidate) => within(candidate).getAllByRole('cell')[0]?.textContent === surname);
  if (!row) throw new Error(`No order row of ${surname}`);
  return row;
};
const lastQuery = () => vi.mocked(fetchOrdersPage).mock.lastCall?.[0];

async function choose(user: ReturnType<typeof showDesk>['user'], label: string, option: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: label }), option);
}

describe('the orders desk', () => {
  it("shows the season's summary, its orders with their children, and how many of how many", async () => {
    showDesk();
    const rows = await screen.findAllByTestId('order-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Verdi', 'Neri']);
    const verdi = orderRow('Verdi');
    expect(within(verdi).getAllByRole('row')[0]).toHaveTextContent(
      /Verdi\s*02\/04\/2025\s*Bonifico\s*MG25-7K3Q\s*Da Verificare\s*30,00 €\s*Conferma bonifico/,
    );
    expect(within(verdi).getAllByRole('row')[1]).toHaveTextContent(/Verdi\s*Andrea\s*Maglietta Gruppo\s*Taglia M\s*15,00 €/);
    // A card payment is never confirmed by hand: it can only be refunded.
    expect(
      within(orderRow('Neri'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Rimborsa']);
    expect(await screen.findByText('2 di 2 ordini')).toBeInTheDocument();
    expect(lastQuery()).toEqual(describeOrderQuery(2025, NO_FILTERS));

    const summary = await screen.findByRole('table', { name: 'Riepilogo' });
    expect(within(summary).getByText(/Riepilogo 2025/)).toBeInTheDocument();
    const magliette = within(summary).getByRole('row', { name: /Maglietta Gruppo/ });
    expect(
      within(magliette)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1 · 30,00 €', '1 · 30,00 €', '0 · 0,00 €', '0 · 0,00 €', '0 · 0,00 €', '0 · 0,00 €', '0 · 0,00 €', '2 · 60,00 €']);
    const totals = within(summary).getByRole('row', { name: /^Totale/ });
    expect(
      within(totals)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1 · 30,00 €', '1 · 30,00 €', '0 · 0,00 €', '0 · 0,00 €', '0 · 0,00 €', '0 · 0,00 €', '0 · 0,00 €', '2 · 60,00 €']);
    const contributions = within(summary).getByRole('row', { name: /^Contributi solidarietà/ });
    expect(within(contributions).getAllByRole('cell')[0]).toHaveTextContent('1 · 12,50 €');
    expect(within(contributions).getAllByRole('cell').at(-1)).toHaveTextContent('1 · 12,50 €');
    expect(fetchOrderSummary).toHaveBeenCalledWith(2025, null);
  });

  it("offers the season's own products in 'Prodotto' and sums them in the summary", async () => {
    const outing = { name: 'Uscita di Pasqua', branches: ['Reparto' as const], sizes: false, price: { euros: 15 } };
    vi.mocked(callAdminContract).mockResolvedValue({
      season: 2025,
      cardFee: true,
      prices: SEED_PRICES,
      products: [outing],
      bankAccount: { holder: 'Gruppo', iban: 'IT60X0542811101000000123456' },
      medicalForm: { cutoff: '2025-02-01', folder: 'Documenti/Schede Mediche 2025' },
      deadlines: {},
      nextPrepared: false,
      updatedBy: null,
      updatedAt: null,
    });
    const { user } = showDesk('/admin/check-pagamenti');
    await waitFor(() => expect(screen.getByRole('table', { name: 'Riepilogo' })).toHaveTextContent('Uscita di Pasqua'));
    await choose(user, 'Prodotto', 'Uscita di Pasqua');
    await waitFor(() =>
      expect(lastQuery()).toEqual(describeOrderQuery(2025, { surname: '', plan: 'Uscita di Pasqua', method: null, status: null })),
    );
    expect(
      within(await screen.findByRole('table', { name: /Riepilogo/ })).getByRole('row', { name: /^Uscita di Pasqua/ }),
    ).toBeInTheDocument();
  });

  it("shows a debit 'In elaborazione' with no action (nothing to refund yet), finds it by 'Stato' and counts it in the summary", async () => {
    database.push({
      payment: payment('p-bruni', 'Bruni', { method: 'Online', status: 'In elaborazione', created_at: new Date(2025, 1, 1) }),
      items: [item('p-bruni', 'Bruni', 'Luca', 'L', 30)],
    });
    const { user } = showDesk();
    await screen.findByText('3 di 3 ordini');
    const bruni = orderRow('Bruni');
    expect(within(bruni).getByText('In elaborazione')).toBeInTheDocument();
    expect(within(bruni).queryAllByRole('button')).toEqual([]);
    const summary = await screen.findByRole('table', { name: 'Riepilogo' });
    expect(within(summary).getByRole('columnheader', { name: 'In elaborazione' })).toBeInTheDocument();
    await choose(user, 'Stato', 'In elaborazione');
    await waitFor(() => expect(lastQuery()).toEqual(describeOrderQuery(2025, { ...NO_FILTERS, status: 'In elaborazione' })));
    expect(await screen.findByText('1 di 1 ordine')).toBeInTheDocument();
  });

  it('turns the filters into the query, keeps them in the address with the season, and reads them back', async () => {
    const { user } = showDesk('/admin/check-pagamenti?stagione=2024');
    await screen.findByText('2 di 2 ordini');
    await choose(user, 'Metodo', 'Bonifico');
    await choose(user, 'Stato', 'Da Verificare');
    await choose(user, 'Prodotto', PLAN.maglietta);
    await user.type(screen.getByLabelText('Filtra per cognome'), 'Ve rdi');

    const wanted = describeOrderQuery(2024, { surname: 'verdi', plan: PLAN.maglietta, method: 'Bonifico', status: 'Da Verificare' });
    await waitFor(() => expect(lastQuery()).toEqual(wanted));
    // Typing is debounced: no query for a partial surname.
    const prefixes = vi.mocked(fetchOrdersPage).mock.calls.map(([query]) => query.surnamePrefix?.atLeast ?? null);
    expect(prefixes.filter((prefix) => prefix !== null)).toEqual(['verdi']);
    expect(fetchOrdersCount).toHaveBeenLastCalledWith(wanted);
    expect(fetchOrderSummary).toHaveBeenLastCalledWith(2024, 'Bonifico');
    expect(await screen.findByText(/solo Bonifico/)).toBeInTheDocument();
    expect(await screen.findByText('1 di 1 ordine')).toBeInTheDocument();
    const address = new URLSearchParams(screen.getByTestId('address').textContent ?? '');
    expect(Object.fromEntries(address)).toEqual({
      stagione: '2024',
      metodo: 'Bonifico',
      stato: 'Da Verificare',
      prodotto: PLAN.maglietta,
      cognome: 'Ve rdi',
    });
  });

  it('reads the filters from the address on a reload', async () => {
    showDesk('/admin/check-pagamenti?metodo=Online&cognome=ne');
    await screen.findByText('1 di 1 ordine');
    expect(lastQuery()).toEqual(describeOrderQuery(2025, { ...NO_FILTERS, surname: 'ne', method: 'Online' }));
    expect(screen.getByLabelText('Filtra per cognome')).toHaveValue('ne');
    expect(screen.getByRole('combobox', { name: 'Metodo' })).toHaveDisplayValue('Online');
  });

  it('confirms a Bonifico after the dialog, then shows the list read again; undoes it the same way', async () => {
    const { user } = showDesk();
    await screen.findAllByTestId('order-row');
    await user.click(within(orderRow('Verdi')).getByRole('button', { name: 'Conferma bonifico' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Confermi di aver ricevuto il bonifico di 30,00 € della famiglia Verdi?');
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(setTransferConfirmation).not.toHaveBeenCalled();

    const readsBefore = vi.mocked(fetchOrdersPage).mock.calls.length;
    const summaryReadsBefore = vi.mocked(fetchOrderSummary).mock.calls.length;
    await user.click(within(orderRow('Verdi')).getByRole('button', { name: 'Conferma bonifico' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Conferma' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(setTransferConfirmation).toHaveBeenCalledWith('p-verdi', 'confirm');
    expect(vi.mocked(fetchOrdersPage).mock.calls.length).toBeGreaterThan(readsBefore);
    expect(vi.mocked(fetchOrderSummary).mock.calls.length).toBeGreaterThan(summaryReadsBefore);
    const verdi = orderRow('Verdi');
    expect(verdi).toHaveTextContent('Confermato da admin@example.com il 07/06/2025');
    expect(within(verdi).queryByText('Da Verificare')).not.toBeInTheDocument();

    await user.click(within(verdi).getByRole('button', { name: 'Annulla conferma' }));
    const undo = await screen.findByRole('dialog');
    expect(undo).toHaveTextContent('Annullare la conferma del bonifico di 30,00 € della famiglia Verdi?');
    await user.click(within(undo).getByRole('button', { name: 'Annulla conferma' }));
    await waitFor(() => expect(within(orderRow('Verdi')).getByText('Da Verificare')).toBeInTheDocument());
    expect(setTransferConfirmation).toHaveBeenLastCalledWith('p-verdi', 'unconfirm');
    expect(orderRow('Verdi')).not.toHaveTextContent('Confermato da');
  });

  it("cancels a Bonifico never paid with a reason, the family told only when ticked, and shows it 'Annullato'", async () => {
    vi.mocked(cancelOrder).mockImplementation((paymentId, reason) => {
      const record = database.find((entry) => entry.payment.id === paymentId);
      if (!record) return Promise.reject(new Error('missing'));
      record.payment = {
        ...record.payment,
        status: 'Annullato',
        history: [{ at: new Date(2025, 5, 7), action: 'payment.cancel', by: 'admin@example.com', note: reason }],
      };
      return Promise.resolve(true);
    });
    const { user } = showDesk();
    await screen.findAllByTestId('order-row');
    await user.click(within(orderRow('Verdi')).getByRole('button', { name: 'Annulla ordine' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Annullare l’ordine di 30,00 € della famiglia Verdi da pagare con bonifico?');
    await user.click(within(dialog).getByRole('button', { name: 'Annulla ordine' }));
    expect(within(dialog).getByText('Scrivi il motivo dell’annullamento.')).toBeInTheDocument();
    expect(cancelOrder).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Pagherà con carta');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Avvisa la famiglia' }));
    await user.click(within(dialog).getByRole('button', { name: 'Annulla ordine' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancelOrder).toHaveBeenCalledWith('p-verdi', 'Pagherà con carta', true);
    const verdi = orderRow('Verdi');
    expect(within(verdi).getByText('Annullato')).toBeInTheDocument();
    expect(verdi).toHaveTextContent('Ordine annullato da admin@example.com il 07/06/2025: Pagherà con carta');
    expect(within(verdi).queryByRole('button', { name: 'Annulla ordine' })).not.toBeInTheDocument();
  });

  it("refunds part of a card payment with one request however often 'Rimborsa' is pressed, and refuses more than was paid", async () => {
    let answer: (changed: boolean) => void = () => {};
    vi.mocked(refundPayment).mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const { user } = showDesk();
    await screen.findAllByTestId('order-row');
    expect(within(orderRow('Verdi')).queryByRole('button', { name: 'Rimborsa' })).not.toBeInTheDocument();
    await user.click(within(orderRow('Neri')).getByRole('button', { name: 'Rimborsa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rimborsa con carta' });
    const amount = within(dialog).getByRole('textbox', { name: 'Importo da rimborsare (€)' });
    expect(amount).toHaveValue('30,00');
    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Rimborsa' }));
    expect(within(dialog).getByText('Si possono rimborsare al massimo 30,00 €.')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '10,50');
    const refundButton = within(dialog).getByRole('button', { name: 'Rimborsa' });
    await user.click(refundButton);
    await user.click(refundButton);
    expect(refundPayment).toHaveBeenCalledTimes(1);
    expect(vi.mocked(refundPayment).mock.calls[0]?.[0]).toEqual({
      paymentId: 'p-neri',
      amountEuros: 10.5,
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    answer(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the refund's key when Stripe did not answer, so pressing again retries it; a refusal gives the next press a new key", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const noAnswer =
      'Stripe non ha risposto: il rimborso potrebbe essere partito o no. Premi di nuovo «Rimborsa» per riprovare: non sarà fatto due volte.';
    vi.mocked(refundPayment)
      .mockRejectedValueOnce(new UserFacingError(noAnswer, 504))
      .mockRejectedValueOnce(new UserFacingError(CLIENT_MESSAGES.unreachable, 0))
      .mockRejectedValueOnce(new UserFacingError('Stripe ha rifiutato il rimborso: nulla è stato rimborsato.', 422))
      .mockResolvedValueOnce(true);
    const { user } = showDesk();
    await screen.findAllByTestId('order-row');
    await user.click(within(orderRow('Neri')).getByRole('button', { name: 'Rimborsa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rimborsa con carta' });
    const press = () => user.click(within(dialog).getByRole('button', { name: 'Rimborsa' }));
    await press();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(noAnswer);
    await press();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('il rimborso potrebbe essere partito o no');
    await press();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Operazione non riuscita: nulla è stato modificato. Stripe ha rifiutato',
    );
    await press();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const keys = vi.mocked(refundPayment).mock.calls.map(([request]) => request.idempotencyKey);
    expect(keys).toHaveLength(4);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('offers a refund still waiting for Stripe again, with its own key and amount', async () => {
    database[1] = {
      ...database[1]!,
      payment: {
        ...database[1]!.payment,
        refund_requested: 10,
        refund_pending: { key: '3f2a6c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f', amount: 10, at: new Date(2025, 5, 9), by: 'admin@example.com' },
      },
    };
    vi.mocked(refundPayment).mockResolvedValue(true);
    const { user } = showDesk();
    const neri = within(await waitFor(() => orderRow('Neri')));
    expect(neri.getByText('Rimborso di 10,00 € in attesa di Stripe')).toBeInTheDocument();
    await user.click(neri.getByRole('button', { name: 'Rimborsa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rimborsa con carta' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Stripe non ha ancora confermato il rimborso di 10,00 €.');
    expect(within(dialog).getByRole('textbox', { name: 'Importo da rimborsare (€)' })).toHaveValue('10,00');
    await user.click(within(dialog).getByRole('button', { name: 'Rimborsa' }));
    expect(refundPayment).toHaveBeenCalledWith({
      paymentId: 'p-neri',
      amountEuros: 10,
      idempotencyKey: '3f2a6c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f',
    });
  });

  it('shows a receipt annulled by its credit note, and the note, on the row', async () => {
    const issued = new Date(2025, 5, 1);
    const receipt = {
      number: '2025/9',
      issued_at: issued,
      credited_at: issued,
      service_fee: 0,
      payer: { name: '', surname: '', cf: '' },
      child_fiscal_codes: {},
    };
    database[0] = {
      ...database[0]!,
      payment: {
        ...database[0]!.payment,
        status: 'Da Verificare',
        receipt,
        credit_notes: [
          {
            number: '2025/2',
            issued_at: new Date(2025, 5, 2),
            amount: 30,
            service_fee: 0,
            solidarity_contribution: 0,
            receipt_number: '2025/9',
            voids_receipt: true,
            reason: 'unconfirm',
            description: 'Bonifico non ricevuto: conferma annullata',
            cancelled: null,
          },
        ],
      },
    };
    showDesk();
    const verdi = within(await waitFor(() => orderRow('Verdi')));
    expect(verdi.getByText('Ricevuta n. 2025/9 (annullata)')).toBeInTheDocument();
    expect(verdi.getByRole('button', { name: 'Scarica la nota di credito n. 2025/2' })).toHaveTextContent('Nota di credito n. 2025/2');
  });

  it('explains a refused write in Italian and changes nothing on screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(setTransferConfirmation).mockRejectedValue(new UserFacingError('Questo account non è un amministratore.', 403));
    const { user } = showDesk();
    await screen.findAllByTestId('order-row');
    const readsBefore = vi.mocked(fetchOrdersPage).mock.calls.length;
    await user.click(within(orderRow('Verdi')).getByRole('button', { name: 'Conferma bonifico' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Operazione non riuscita: nulla è stato modificato. Questo account non è un amministratore.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(orderRow('Verdi')).getByText('Da Verificare')).toBeInTheDocument();
    expect(within(orderRow('Verdi')).getByRole('button', { name: 'Conferma bonifico' })).toBeInTheDocument();
    expect(vi.mocked(fetchOrdersPage).mock.calls.length).toBe(readsBefore);
  });

  it("shows 'Mostra altri' while pages remain, and exports every matching order after reading the rest", async () => {
    const cursor = { id: 'p-verdi' } as unknown as OrdersCursor;
    vi.mocked(fetchOrdersPage).mockImplementation((query, after): Promise<OrdersPage> => {
      const [first, ...rest] = rowsOf(query);
      return Promise.resolve(
        after === null ? { rows: first ? [first] : [], unreadable: [], next: cursor } : { rows: rest, unreadable: [], next: null },
      );
    });
    const { user } = showDesk();
    expect(await screen.findByText('1 di 2 ordini')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mostra altri' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    await waitFor(() => expect(downloadCsv).toHaveBeenCalledTimes(1));
    expect(fetchOrdersPage).toHaveBeenLastCalledWith(describeOrderQuery(2025, NO_FILTERS), cursor);
    expect(screen.getByText('2 di 2 ordini')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mostra altri' })).not.toBeInTheDocument();

    const [filename, csv] = vi.mocked(downloadCsv).mock.calls[0] ?? [];
    expect(filename).toBe('pagamenti-2025.csv');
    const parsed = Papa.parse<string[]>((csv ?? '').replace(/^\uFEFF/, ''), { delimiter: ';' });
    expect(parsed.data).toEqual([
      [...ORDER_CSV_HEADER],
      [
        'Verdi',
        '02/04/2025',
        'Bonifico',
        'Da Verificare',
        '30,00',
        'Verdi',
        'Andrea',
        PLAN.maglietta,
        'M',
        '15,00',
        '',
        '',
        '',
        'MG25-7K3Q',
        '',
      ],
      [
        'Verdi',
        '02/04/2025',
        'Bonifico',
        'Da Verificare',
        '30,00',
        'Verdi',
        'Chiara',
        PLAN.maglietta,
        'S',
        '15,00',
        '',
        '',
        '',
        'MG25-7K3Q',
        '',
      ],
      ['Neri', '20/03/2025', 'Online', 'Confermato', '30,00', 'Neri', 'Elisa', PLAN.maglietta, 'M', '15,00', '', '', '', '', ''],
      ['Neri', '20/03/2025', 'Online', 'Confermato', '30,00', 'Neri', 'Pietro', PLAN.maglietta, 'XS', '15,00', '', '', '', '', ''],
    ]);
  });

  it('shows a refund: the grey Rimborsato badge, the refunded euros and the history the payment keeps', async () => {
    database[1] = {
      ...database[1]!,
      payment: {
        ...database[1]!.payment,
        status: 'Rimborsato',
        refunded_amount: 30.62,
        history: [{ at: new Date(2025, 5, 9), action: 'payment.refunded', by: 'Stripe' }],
      },
    };
    showDesk();
    const neri = within(await waitFor(() => orderRow('Neri')));
    expect(neri.getByText('Rimborsato')).toHaveClass('bg-gray-100');
    expect(neri.getByText('30,62 € rimborsati')).toBeInTheDocument();
    expect(neri.getByText('Rimborso registrato da Stripe il 09/06/2025')).toBeInTheDocument();
  });

  it('warns about unreadable documents and says when nothing matches', async () => {
    vi.mocked(fetchOrdersPage).mockResolvedValue({ rows: [], unreadable: ['payments/p9', 'order_items/i3'], next: null });
    showDesk();
    expect(await screen.findByText('2 documenti non leggibili: segnalati nella console.')).toBeInTheDocument();
    expect(screen.getByText('Nessun ordine trovato.')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(fetchOrdersPage).mockRejectedValueOnce(Object.assign(new Error('down'), { code: 'unavailable' }));
    const { user } = showDesk();
    expect(await screen.findByText(/Il servizio non è raggiungibile/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findAllByTestId('order-row')).toHaveLength(2);
  });
});

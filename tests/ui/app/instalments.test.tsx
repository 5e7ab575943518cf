import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FamilyRoute } from '@/app/routes/FamilyRoute';
import { GenericProductRoute, GenericProductTransferRoute } from '@/app/routes/GenericProductRoute';
import { seasonProductEntry } from '@domain/catalogue/season-catalogue';
import type { FamilyLookup } from '@domain/families/family-lookup';
import { fn, setupFunctionsServer, SPEC_SEASON } from '../support/functions';
import { renderWithProviders } from '../support/render';
import { http, HttpResponse } from 'msw';

import { resetStripeState, stripeState } from '../checkout/stripe-mock';

// 'La mia famiglia' and 'Paga la rata' (docs/product.md, "Instalments"): the functions faked at the network edge (msw), Stripe's React elements replaced.
vi.mock('@stripe/react-stripe-js', async () => (await import('../checkout/stripe-mock')).reactStripeMock);
vi.mock('@/lib/stripe', () => ({ isStripeConfigured: () => true, getStripe: () => Promise.resolve({ stripe: 'loaded' }) }));
const server = setupFunctionsServer();
beforeEach(() => resetStripeState());

const CF = 'RSSMRA80C12H501E';
// 100 € in three rate: 33,34 at ordering, 33,33 by a day long past (overdue), 33,33 by a day far ahead.
const OUTING = {
  ...seasonProductEntry({ name: 'Uscita di Pasqua', branches: ['Reparto'], sizes: false, price: { euros: 100 } }),
  instalments: { due: [null, '2000-03-15', '2999-05-15'] },
};
const son = (id: string, name: string, paid: FamilyLookup['children'][number]['paid'] = []) => ({
  id,
  name,
  surname: 'Rossi',
  cf: 'RSSMRC12E03H501X',
  branch: 'Reparto' as const,
  paid,
  medicalForm: { eligible: false, uploaded: false },
});
const held = (status: 'Confermato' | 'Da Verificare', method: 'Online' | 'Bonifico') => ({
  plan: 'Uscita di Pasqua',
  status,
  date: '2025-03-01T10:00:00.000Z',
  note: '',
  method,
});
const rata = (number: number, amountEuros: number, dueOn: string | null, state: 'paid' | 'toVerify' | 'due', overdue = false) => ({
  number,
  of: 3,
  amountEuros,
  dueEuros: state === 'due' ? amountEuros : 0,
  dueOn,
  state,
  overdue,
});

/** Marco paid the first rata by card; the second is due and past its day, the third ahead. */
const FIRST_PAID: FamilyLookup = {
  family: { id: 'family-rossi', surname: 'Rossi' },
  receipts: [],
  catalogue: [...SPEC_SEASON.catalogue, OUTING],
  children: [son('marco', 'Marco', [held('Confermato', 'Online')]), son('luca', 'Luca')],
  balances: [
    {
      product: OUTING.id,
      holderIds: ['marco'],
      accountedEuros: 33.34,
      reduction: null,
      dueEuros: 66.66,
      instalments: [rata(1, 33.34, null, 'paid'), rata(2, 33.33, '2000-03-15', 'due', true), rata(3, 33.33, '2999-05-15', 'due')],
      orders: [{ euros: 33.34, confirmed: true }],
    },
  ],
};

/** The same family once the second rata's Bonifico is recorded: 'In verifica'. */
const SECOND_RECORDED: FamilyLookup = {
  ...FIRST_PAID,
  balances: [
    {
      ...FIRST_PAID.balances![0]!,
      accountedEuros: 66.67,
      dueEuros: 33.33,
      instalments: [rata(1, 33.34, null, 'paid'), rata(2, 33.33, '2000-03-15', 'toVerify'), rata(3, 33.33, '2999-05-15', 'due')],
      orders: [
        { euros: 33.34, confirmed: true },
        { euros: 33.33, confirmed: false },
      ],
    },
  ],
};

/** The same family once the second rata is paid by card: 'Pagata'. */
const SECOND_PAID: FamilyLookup = {
  ...SECOND_RECORDED,
  balances: [
    {
      ...SECOND_RECORDED.balances![0]!,
      instalments: [rata(1, 33.34, null, 'paid'), rata(2, 33.33, '2000-03-15', 'paid'), rata(3, 33.33, '2999-05-15', 'due')],
    },
  ],
};

/** The services 'La mia famiglia' and the product's page call; `lookups` are answered in turn (the last one again after). */
function services(lookups: FamilyLookup[]) {
  const calls = { lookup: [] as unknown[], order: [] as unknown[], intent: [] as unknown[] };
  let read = 0;
  server.use(
    http.get('*/.netlify/functions/season-settings', () => HttpResponse.json({ ...SPEC_SEASON, catalogue: FIRST_PAID.catalogue })),
    fn('request-access-code', () => ({ status: 200, json: { status: 'session' } })),
    fn('lookup-family', () => ({ status: 200, json: lookups[Math.min(read++, lookups.length - 1)]! }), calls.lookup),
    fn('family-contacts', () => ({
      status: 200,
      json: { season: 2025, confirmedAt: '2025-02-01T09:00:00.000Z', confirmedThisSeason: true, parents: [], children: [] },
    })),
    fn('family-documents', () => ({ status: 200, json: { season: 2025, parent: { id: 'p1', name: 'Mario' }, documents: [] } })),
    fn(
      'create-order',
      () => ({
        status: 201,
        json: {
          orderId: 'order-2',
          totalEuros: 33.33,
          paymentReason: 'Uscita di Pasqua - Rossi',
          lines: [{ childId: 'marco', name: 'Marco', plan: 'Uscita di Pasqua', size: '', priceEuros: 33.33 }],
        },
      }),
      calls.order,
    ),
    fn(
      'create-payment-intent',
      () => ({
        status: 200,
        json: { checkoutSessionClientSecret: 'pi_2_secret_x', amountEuros: 33.33, contributionEuros: 0, feeEuros: 0.84, totalEuros: 34.17 },
      }),
      calls.intent,
    ),
    fn('record-payment', () => ({ status: 200, json: { orderId: 'pi_2', status: 'Confermato' } })),
  );
  return calls;
}

function openFamilyPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/famiglia" element={<FamilyRoute />} />
      <Route path="/pagamenti/:productId" element={<GenericProductRoute />} />
      <Route path="/pagamenti/:productId/bonifico" element={<GenericProductTransferRoute />} />
    </Routes>,
    { initialEntries: ['/famiglia'] },
  );
}

async function findFamily(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('Codice Fiscale Genitore'), CF);
  await user.click(screen.getByRole('button', { name: 'Trova' }));
  return within(await screen.findByRole('list', { name: 'Rate di Uscita di Pasqua' }));
}

describe("'La mia famiglia' with a product paid in rate", () => {
  it("lists each rata with its amount, due day and state, and 'Paga la rata' on the next one only", async () => {
    services([FIRST_PAID]);
    const { user } = openFamilyPage();
    const rate = await findFamily(user);
    const items = rate.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Rata 1 di 3 · 33,34 € · all’ordinePagata',
      'Rata 2 di 3 · 33,33 € · entro il 15/03ScadutaPaga la rata',
      'Rata 3 di 3 · 33,33 € · entro il 15/05Da pagare',
    ]);
    expect(rate.getAllByRole('link', { name: /Paga la rata/ })).toHaveLength(1);
    expect(within(items[1]!).getByRole('link', { name: 'Paga la rata 2 di 3 di Uscita di Pasqua' })).toHaveAttribute(
      'href',
      '/pagamenti/uscita-di-pasqua',
    );
    expect(screen.getByRole('region', { name: /^Marco Rossi/ })).toHaveTextContent('rate in corso');
    // What is left is rate, not a difference after a cancellation.
    expect(screen.queryByRole('region', { name: 'Da saldare' })).not.toBeInTheDocument();
  });

  it("'Paga la rata' opens the product's screen for that rata, records it by Bonifico with instalment: true, and leads back to the family with the rata 'In verifica'", async () => {
    const calls = services([FIRST_PAID, FIRST_PAID, SECOND_RECORDED]);
    const { user } = openFamilyPage();
    const rate = await findFamily(user);
    await user.click(rate.getByRole('link', { name: /Paga la rata/ }));

    // The family comes with the link: no 'Trova', no children to tick, the rata the server's rule prices.
    expect(await screen.findByRole('heading', { level: 1, name: 'Uscita di Pasqua' })).toBeInTheDocument();
    expect(screen.getByLabelText('Codice Fiscale Genitore')).toHaveValue(CF);
    expect(await screen.findByTestId('instalment-to-pay')).toHaveTextContent('Rata 2 di 3 · 33,33 € · entro il 15/03');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Metodo di Pagamento'), 'Bonifico');
    expect(screen.getByText('Rata 2 di 3').closest('p')).toHaveTextContent('Rata 2 di 333,33 €');
    expect(screen.getByTestId('instalments-total')).toHaveTextContent('100,00 €');

    await user.click(screen.getByRole('button', { name: 'Visualizza Dati Bonifico' }));
    expect(await screen.findByRole('heading', { name: 'Ordine Registrato con Successo' })).toBeInTheDocument();
    expect(calls.order).toEqual([
      { cf: CF, product: 'uscita-di-pasqua', children: [{ id: 'marco' }], idempotencyKey: expect.any(String), instalment: true },
    ]);

    await user.click(screen.getByRole('link', { name: 'Torna a La mia famiglia' }));
    expect(await screen.findByText(/Rata registrata/)).toBeInTheDocument();
    const after = within(await screen.findByRole('list', { name: 'Rate di Uscita di Pasqua' }));
    await waitFor(() => expect(after.getAllByRole('listitem')[1]).toHaveTextContent('In verifica'));
    expect(after.getAllByRole('listitem')[2]).toHaveTextContent('Paga la rata');
    expect(calls.lookup.at(-1)).toEqual({ cf: CF });
  });

  it("'Paga la rata' by card charges the server's amount for that rata and leads back to the family with the rata 'Pagata'", async () => {
    const calls = services([FIRST_PAID, FIRST_PAID, SECOND_PAID]);
    stripeState.stripe!.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_2', status: 'succeeded' } });
    const { user } = openFamilyPage();
    await user.click((await findFamily(user)).getByRole('link', { name: /Paga la rata/ }));
    await user.selectOptions(await screen.findByLabelText('Metodo di Pagamento'), 'Online');
    await user.click(await screen.findByRole('button', { name: 'Vai al Pagamento' }));

    await screen.findByTestId('payment-element');
    expect(calls.intent).toEqual([
      {
        cf: CF,
        product: 'uscita-di-pasqua',
        children: [{ id: 'marco' }],
        idempotencyKey: expect.any(String),
        instalment: true,
        solidarityContributionEuros: 0,
      },
    ]);
    const summary = within(screen.getByRole('region', { name: 'Riepilogo Ordine' }));
    expect(summary.getByTestId('summary-item')).toHaveTextContent('Rata 2 di 3');
    expect(summary.getByTestId('summary-total')).toHaveTextContent('34,17 €');

    await user.click(screen.getByRole('button', { name: 'Paga ora' }));
    expect(await screen.findByText(/Rata pagata/)).toBeInTheDocument();
    const after = within(await screen.findByRole('list', { name: 'Rate di Uscita di Pasqua' }));
    await waitFor(() => expect(after.getAllByRole('listitem')[1]).toHaveTextContent('Pagata'));
    expect(calls.lookup.at(-1)).toEqual({ cf: CF });
  });

  it("'Ordina per altri figli' leaves the rata for an ordinary order of the children ticked", async () => {
    services([FIRST_PAID]);
    const { user } = openFamilyPage();
    await user.click((await findFamily(user)).getByRole('link', { name: /Paga la rata/ }));
    await user.click(await screen.findByRole('button', { name: 'Ordina per altri figli' }));
    expect(await screen.findByRole('checkbox', { name: /Luca Rossi/ })).toBeEnabled();
    expect(screen.queryByTestId('instalment-to-pay')).not.toBeInTheDocument();
  });
});

describe('the product page of a product paid in rate', () => {
  it("charges the next rata of the family's total: 'Rata 2 di 3' for a second child joining, the total in rate under it", async () => {
    services([FIRST_PAID]);
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/pagamenti/:productId" element={<GenericProductRoute />} />
      </Routes>,
      { initialEntries: ['/pagamenti/uscita-di-pasqua'] },
    );
    await user.type(await screen.findByLabelText('Codice Fiscale Genitore'), CF);
    await user.selectOptions(screen.getByLabelText('Metodo di Pagamento'), 'Bonifico');
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    await user.click(await screen.findByRole('checkbox', { name: /Luca Rossi/ }));
    // The family's total with Luca is 200 €, 33,34 paid: 166,66 over the two rate left, 83,33 each.
    expect(screen.getByText('Rata 2 di 3').closest('p')).toHaveTextContent('83,33 €');
    expect(screen.getByTestId('instalments-total')).toHaveTextContent('200,00 €');
  });
});

import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import { pageOptions } from '@/app/payment/page-choice';
import { specPageOf } from '@config/product-pages';
import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialOrderFlow, orderFlowReducer, snapshotOf } from '@/app/payment/order-flow-reducer';
import { ProductRoute } from '@/app/routes/ProductRoute';
import { SchedaMedicaRoute } from '@/app/routes/SchedaMedicaRoute';
import type { FamilyLookup } from '@domain/families/family-lookup';
import { EndSessionButton } from '@/features/family-lookup/EndSessionButton';
import { fn, setupFunctionsServer, type FunctionReply } from '../support/functions';
import { renderWithProviders } from '../support/render';

// request-access-code, lookup-family and end-session are faked at the network edge (msw).
const server = setupFunctionsServer();

const CF = 'RSSMRA80C12H501E';
const ROSSI: FamilyLookup = {
  family: { id: 'family-rossi', surname: 'Rossi' },
  receipts: [],
  catalogue: seedCatalogue(),
  children: [
    {
      id: 'marco',
      name: 'Marco',
      surname: 'Rossi',
      cf: 'RSSMRC12E03H501X',
      branch: 'Reparto',
      paid: [],
      medicalForm: { eligible: true, uploaded: false },
    },
  ],
};

/** A live session for the family (no code asked), the family, and end-session answering `ended`; end-session's bodies land in the result. */
function services(ended: FunctionReply = { status: 200, json: { status: 'ended' } }) {
  const endCalls: unknown[] = [];
  server.use(
    fn('request-access-code', () => ({ status: 200, json: { status: 'session' } })),
    fn('lookup-family', () => ({ status: 200, json: ROSSI })),
    fn('end-session', () => ended, endCalls),
  );
  return endCalls;
}

/** The router state of the screen's history entry, shown for the test. */
function LocationState() {
  return <output aria-label="history state">{JSON.stringify(useLocation().state ?? null)}</output>;
}

beforeEach(() => {
  // Refusals are logged by the query client's MutationCache.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('EndSessionButton', () => {
  it('calls end-session, then reports it', async () => {
    const endCalls = services();
    const onEnded = vi.fn();
    const { user } = renderWithProviders(<EndSessionButton onEnded={onEnded} />);

    await user.click(await screen.findByRole('button', { name: 'Esci' }));
    await waitFor(() => expect(onEnded).toHaveBeenCalledTimes(1));
    expect(endCalls).toEqual([{}]);
  });

  it("'Esci da tutti i dispositivi' asks end-session to end every device's session, then reports it", async () => {
    const endCalls = services();
    const onEnded = vi.fn();
    const { user } = renderWithProviders(<EndSessionButton onEnded={onEnded} />);

    await user.click(await screen.findByRole('button', { name: 'Esci da tutti i dispositivi' }));
    await waitFor(() => expect(onEnded).toHaveBeenCalledTimes(1));
    expect(endCalls).toEqual([{ allDevices: true }]);
  });

  it("'Esci da tutti i dispositivi' with a session already ended goes back to the lookup form", async () => {
    services({ status: 401, json: { error: 'Sessione scaduta: inserisci di nuovo il codice fiscale.' } });
    const onEnded = vi.fn();
    const { user } = renderWithProviders(<EndSessionButton onEnded={onEnded} />);

    await user.click(await screen.findByRole('button', { name: 'Esci da tutti i dispositivi' }));
    await waitFor(() => expect(onEnded).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the failure, keeps the family and can be pressed again', async () => {
    services({ status: 503, json: { error: 'Il servizio non è configurato. Contatta il gruppo.' } });
    const onEnded = vi.fn();
    const { user } = renderWithProviders(<EndSessionButton onEnded={onEnded} />);

    await user.click(await screen.findByRole('button', { name: 'Esci' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Il servizio non è configurato. Contatta il gruppo.');
    await waitFor(() => expect(document.activeElement).toContainElement(alert));
    expect(screen.getByRole('button', { name: 'Esci' })).toBeEnabled();
    expect(onEnded).not.toHaveBeenCalled();
  });
});

describe("'Esci' on the screens that show a family", () => {
  const screens: Array<{ name: string; path: string; element: ReactElement; choices: { quota?: string; method?: string } }> = [
    {
      name: '/campo-estivo',
      path: '/campo-estivo',
      element: <ProductRoute page={specPageOf('campo-acconto')!} />,
      choices: { quota: 'Acconto', method: 'Bonifico' },
    },
    {
      name: '/felpa-reparto',
      path: '/felpa-reparto',
      element: <ProductRoute page={specPageOf('felpa')!} />,
      choices: { method: 'Online' },
    },
    {
      name: '/maglietta-gruppo',
      path: '/maglietta-gruppo',
      element: <ProductRoute page={specPageOf('maglietta')!} />,
      choices: { method: 'Online' },
    },
    { name: '/scheda-medica', path: '/scheda-medica', element: <SchedaMedicaRoute />, choices: {} },
  ];

  it.each(screens)('$name: ends the session and shows the empty lookup form again', async ({ path, element, choices }) => {
    const endCalls = services();
    const { user } = renderWithProviders(
      <Routes>
        <Route path={path} element={element} />
      </Routes>,
      { initialEntries: [path] },
    );
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), CF);
    if (choices.quota) await user.selectOptions(screen.getByLabelText('Quota da Pagare'), choices.quota);
    if (choices.method) await user.selectOptions(screen.getByLabelText('Metodo di Pagamento'), choices.method);
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    expect(await screen.findByText('Marco Rossi')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Esci' }));
    await waitFor(() => expect(screen.queryByText('Marco Rossi')).not.toBeInTheDocument());
    expect(endCalls).toEqual([{}]);
    const fiscalCode = screen.getByLabelText('Codice Fiscale Genitore');
    expect(fiscalCode).toHaveValue('');
    expect(fiscalCode).toHaveFocus();
    if (choices.method) expect(screen.getByLabelText('Metodo di Pagamento')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Esci' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trova' })).toBeEnabled();
  });

  it('after Back from a transfer page, also forgets the family the history entry kept', async () => {
    services();
    const state = orderFlowReducer(initialOrderFlow('k', pageOptions(specPageOf('campo-acconto')!)), {
      type: 'found',
      lookup: ROSSI,
      values: { fiscalCode: CF, quota: 'Acconto', method: 'Bonifico' },
      key: 'k1',
    });
    const { user } = renderWithProviders(
      <Routes>
        <Route
          path="/campo-estivo"
          element={
            <>
              <ProductRoute page={specPageOf('campo-acconto')!} />
              <LocationState />
            </>
          }
        />
      </Routes>,
      { initialEntries: [{ pathname: '/campo-estivo', state: { orderFlow: snapshotOf(state) } }] },
    );
    expect(screen.getByRole('checkbox', { name: /Marco Rossi/ })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Esci' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /Marco Rossi/ })).not.toBeInTheDocument());
    expect(screen.getByLabelText('Codice Fiscale Genitore')).toHaveValue('');
    expect(screen.getByLabelText('Quota da Pagare')).toHaveValue('');
    expect(screen.getByRole('status', { name: 'history state' })).toHaveTextContent('null');
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { admissionApplyContract } from '@contracts/admission-apply';
import { WaitingListPage } from '@/features/admissions/WaitingListPage';
import { fn, setupFunctionsServer } from '../support/functions';
import { renderWithProviders } from '../support/render';

// admission-apply and admission-status are faked at the network edge (msw).
const server = setupFunctionsServer();
afterEach(() => window.history.replaceState(null, '', '/'));

const PLACE = { number: 'LA-0007', cohort: 2019, position: 3, childName: 'Tommaso Galli', appliedAt: '2026-12-07T10:00:00.000Z' };

describe("/lista-attesa, 'Lista d'attesa'", () => {
  it('sends the application as typed, then the code, and shows the number and position', async () => {
    const calls: unknown[] = [];
    server.use(
      fn(
        'admission-apply',
        (body) =>
          (body as { step: string }).step === 'apply'
            ? { status: 200, json: { status: 'code-sent', pendingId: 'p1', email: 'l•••@e•••.com', minutes: 15 } }
            : { status: 200, json: { status: 'applied', place: PLACE } },
        calls,
      ),
    );
    const { user } = renderWithProviders(<WaitingListPage />, { initialEntries: ['/lista-attesa'] });
    const parent = within(screen.getByRole('group', { name: 'Il genitore' }));
    await user.type(parent.getByLabelText('Nome'), 'Laura');
    await user.type(parent.getByLabelText('Cognome'), 'Galli');
    await user.type(parent.getByLabelText('Codice fiscale'), 'glllra86p43h501z');
    await user.type(parent.getByLabelText('E-mail'), 'laura.galli@example.com');
    await user.type(parent.getByLabelText('Telefono'), '333 765 4321');
    await user.type(screen.getByLabelText('Nome del bambino o della bambina'), 'Tommaso');
    await user.type(screen.getByLabelText('Cognome del bambino o della bambina'), 'Galli');
    await user.type(screen.getByLabelText('Codice fiscale del bambino o della bambina'), 'GLL-TMS-19D12-H501X');
    await user.click(screen.getByRole('checkbox', { name: /informativa privacy/ }));
    await user.click(screen.getByRole('button', { name: "Iscrivi alla lista d'attesa" }));

    expect(await screen.findByText(/Ti abbiamo inviato un codice di 6 cifre a l•••@e•••\.com/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Codice ricevuto per e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    const place = within(await screen.findByRole('region', { name: 'La tua domanda' }));
    expect(place.getByText('LA-0007')).toBeInTheDocument();
    expect(place.getByText('3')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        step: 'apply',
        parent: { name: 'Laura', surname: 'Galli', cf: 'glllra86p43h501z', email: 'laura.galli@example.com', phone: '333 765 4321' },
        child: { name: 'Tommaso', surname: 'Galli', cf: 'GLL-TMS-19D12-H501X' },
        siblings: '',
        note: '',
        privacyAccepted: true,
      },
      { step: 'confirm', pendingId: 'p1', code: '123456' },
    ]);
  });

  it("shows the server's message when the child is already on the list, and keeps what was typed", async () => {
    server.use(fn('admission-apply', () => ({ status: 409, json: { error: admissionApplyContract.messages.duplicate } })));
    const { user } = renderWithProviders(<WaitingListPage />, { initialEntries: ['/lista-attesa'] });
    await user.type(screen.getByLabelText('Nome del bambino o della bambina'), 'Tommaso');
    await user.click(screen.getByRole('button', { name: "Iscrivi alla lista d'attesa" }));
    expect(await screen.findByText(admissionApplyContract.messages.duplicate)).toBeInTheDocument();
    expect(screen.getByLabelText('Nome del bambino o della bambina')).toHaveValue('Tommaso');
  });

  it("opened from the offer's link, 'Accetta il posto' brings the family in and points to 'La mia famiglia'", async () => {
    const calls: unknown[] = [];
    server.use(
      fn('admission-status', () => ({
        status: 200,
        json: { place: PLACE, offer: { until: '2026-12-14T10:00:00.000Z' }, interestAsked: false },
      })),
      fn('admission-accept', () => ({ status: 200, json: { status: 'accepted', surname: 'Galli', branch: 'Branco' } }), calls),
    );
    window.history.replaceState(null, '', '/lista-attesa#abc.def');
    const { user } = renderWithProviders(<WaitingListPage />, { initialEntries: ['/lista-attesa'] });
    const offer = within(await screen.findByRole('region', { name: 'Posto offerto' }));
    expect(offer.getByText(/il gruppo lo tiene per voi fino al 14\/12\/2026/)).toBeInTheDocument();
    await user.click(offer.getByRole('button', { name: 'Accetta il posto' }));
    expect(await screen.findByText(/Benvenuti nel gruppo! Il posto è in Branco\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'La mia famiglia' })).toHaveAttribute('href', '/famiglia');
    expect(calls).toEqual([{ token: 'abc.def' }]);
  });

  it("answers the yearly 'Confermi l'interesse?' with 'Confermo l'interesse'", async () => {
    const calls: unknown[] = [];
    server.use(
      fn('admission-status', () => ({ status: 200, json: { place: PLACE, offer: null, interestAsked: true } })),
      fn('admission-interest', () => ({ status: 200, json: { status: 'confirmed' } }), calls),
    );
    window.history.replaceState(null, '', '/lista-attesa#abc.def');
    const { user } = renderWithProviders(<WaitingListPage />, { initialEntries: ['/lista-attesa'] });
    const question = within(await screen.findByRole('region', { name: "Confermi l'interesse?" }));
    await user.click(question.getByRole('button', { name: "Confermo l'interesse" }));
    expect(await screen.findByText("Grazie: la domanda resta nella lista d'attesa.")).toBeInTheDocument();
    expect(calls).toEqual([{ token: 'abc.def' }]);
  });

  it("opened from the e-mail's link, shows the position today", async () => {
    const calls: unknown[] = [];
    server.use(
      fn('admission-status', () => ({ status: 200, json: { place: { ...PLACE, position: 2 }, offer: null, interestAsked: false } }), calls),
    );
    window.history.replaceState(null, '', '/lista-attesa#abc.def');
    renderWithProviders(<WaitingListPage />, { initialEntries: ['/lista-attesa'] });
    const place = within(await screen.findByRole('region', { name: 'La tua domanda' }));
    expect(place.getByText('2')).toBeInTheDocument();
    expect(calls).toEqual([{ token: 'abc.def' }]);
  });
});

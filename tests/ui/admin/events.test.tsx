import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SEASON } from '@config/season';
import type { AdminEvent, EventList, EventWrite } from '@contracts/admin-events';
import type { EventFields } from '@domain/events/event-admin';
import { UserFacingError } from '@/lib/api/functions-client';
import { Events } from '@/features/admin/events/Events';
import { renderWithProviders } from '../support/render';

/** 'Uscite e campi' over its api module, replaced (docs/admin.md, "Uscite e campi"). */
const api = vi.hoisted(() => ({
  fetchEvents: vi.fn<(season: number) => Promise<EventList>>(),
  createEvent: vi.fn<(season: number, fields: EventFields) => Promise<EventWrite>>(),
  editEvent: vi.fn<(id: string, revision: string, fields: EventFields) => Promise<EventWrite>>(),
  cancelEvent: vi.fn<(id: string, revision: string) => Promise<EventWrite>>(),
  moveSignup: vi.fn<(id: string, childId: string, position: number, direction: 'up' | 'down') => Promise<EventWrite>>(),
  admitSignup: vi.fn<(id: string, childId: string) => Promise<EventWrite>>(),
}));
vi.mock('@/features/admin/events/api/admin-events', () => api);

const YEAR = SEASON.campYear;
const DOCUMENT_KEY = `autorizzazione-uscite-${YEAR}`;
const signup = (childId: string, name: string, state: 'confirmed' | 'waiting', position: number | null, rank: number | null) => ({
  childId,
  familyId: `family-${childId}`,
  name,
  surname: 'Rossi',
  branch: 'Reparto' as const,
  state,
  rank,
  position,
  signedUpAt: '2099-04-01T10:00:00.000Z',
  offeredUntil: null,
});
const outing: AdminEvent = {
  id: `uscita-di-primavera-${YEAR}`,
  season: YEAR,
  fields: {
    name: 'Uscita di primavera',
    branches: ['Reparto'],
    startsAt: '2099-05-09T08:30',
    endsAt: '2099-05-10T17:00',
    place: 'Colle Verde',
    meetingPoint: 'Piazza della chiesa',
    places: 2,
    closesOn: '2099-05-01',
    cost: { kind: 'quota', price: { euros: 15 } },
    requiredDocuments: [],
  },
  startsAt: '2099-05-09T08:30:00+02:00',
  endsAt: '2099-05-10T17:00:00+02:00',
  cancelledAt: null,
  revision: 'rev-1',
  editable: true,
  counts: { confirmed: 2, offered: 0, waiting: 2, placesLeft: 0 },
  signups: [
    signup('marco', 'Marco', 'confirmed', null, null),
    signup('sara', 'Sara', 'confirmed', null, null),
    signup('luca', 'Luca', 'waiting', 1, 1),
    signup('giulia', 'Giulia', 'waiting', 2, 2),
  ],
};
const list: EventList = {
  season: YEAR,
  events: [outing],
  documents: [{ key: DOCUMENT_KEY, title: 'Autorizzazione uscite', branches: ['Reparto'] }],
};

/** Sets a date or time field as the browser's picker does (jsdom takes no typing into them). */
const pick = (field: HTMLElement, value: string) => fireEvent.input(field, { target: { value } });

beforeEach(() => {
  api.fetchEvents.mockResolvedValue(list);
});

describe('Uscite e campi', () => {
  it("lists the season's events and creates one with a 'Quota' and a required document, after the form's own checks", async () => {
    api.createEvent.mockImplementation((_season, fields) =>
      Promise.resolve({ event: { ...outing, id: 'x', fields }, outcome: 'created', offered: 0 }),
    );
    const { user } = renderWithProviders(<Events />, {
      initialEntries: ['/admin/uscite-e-campi'],
      staff: { role: 'capo', branches: ['Reparto'] },
    });
    const [row] = await screen.findAllByTestId('event-row');
    expect(row).toHaveTextContent('Uscita di primavera');
    expect(row).toHaveTextContent('15,00 € per figlio');
    expect(row).toHaveTextContent('2/2 (+2 in attesa)');
    expect(api.fetchEvents).toHaveBeenCalledWith(YEAR);

    await user.click(screen.getByRole('button', { name: 'Nuovo evento' }));
    const form = screen.getByRole('form', { name: 'Nuovo evento' });
    // A capo picks only among their branches.
    expect(within(form).getByRole('checkbox', { name: 'Reparto' })).toBeChecked();
    expect(within(form).queryByRole('checkbox', { name: 'Clan' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    expect(await within(form).findByText("Scrivi il nome dell'evento (almeno 3 caratteri).")).toBeInTheDocument();
    expect(within(form).getByText('Scrivi quanti posti ci sono.')).toBeInTheDocument();
    expect(api.createEvent).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText('Nome'), 'Uscita al mare');
    pick(within(form).getByLabelText('Dal'), '2099-06-06T09:00');
    pick(within(form).getByLabelText('Al'), '2099-06-05T18:00');
    await user.type(within(form).getByLabelText('Luogo'), 'Spiaggia di Levante');
    await user.type(within(form).getByLabelText('Posti'), '12');
    pick(within(form).getByLabelText('Chiusura iscrizioni'), '2099-06-01');
    await user.selectOptions(within(form).getByLabelText('Quota'), 'quota');
    await user.type(within(form).getByLabelText('Importo per figlio (€)'), '15,50');
    await user.click(within(form).getByRole('checkbox', { name: 'Autorizzazione uscite' }));
    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    expect(await within(form).findByText("La fine dell'evento viene dopo l'inizio.")).toBeInTheDocument();
    pick(within(form).getByLabelText('Al'), '2099-06-07T18:00');
    await user.click(within(form).getByRole('button', { name: 'Salva' }));

    await waitFor(() =>
      expect(api.createEvent).toHaveBeenCalledWith(YEAR, {
        name: 'Uscita al mare',
        branches: ['Reparto'],
        startsAt: '2099-06-06T09:00',
        endsAt: '2099-06-07T18:00',
        place: 'Spiaggia di Levante',
        meetingPoint: '',
        places: 12,
        closesOn: '2099-06-01',
        cost: { kind: 'quota', price: { euros: 15.5 } },
        requiredDocuments: [DOCUMENT_KEY],
      }),
    );
    expect(await screen.findByText('Evento «Uscita al mare» salvato.')).toBeInTheDocument();
  });

  it('edits from the revision it started from, says when places went to the waiting list, and shows a refusal in Italian', async () => {
    api.editEvent
      .mockRejectedValueOnce(
        new UserFacingError(
          "L'evento è stato modificato da un altro volontario nel frattempo: ricarica la pagina e rifai la modifica.",
          409,
        ),
      )
      .mockResolvedValueOnce({ event: { ...outing, fields: { ...outing.fields, places: 4 } }, outcome: 'edited', offered: 2 });
    const { user } = renderWithProviders(<Events />, { initialEntries: ['/admin/uscite-e-campi'] });
    await user.click(await screen.findByRole('button', { name: 'Modifica Uscita di primavera' }));
    const form = screen.getByRole('form', { name: 'Modifica evento' });
    expect(within(form).getByLabelText('Importo per figlio (€)')).toHaveValue('15');
    await user.clear(within(form).getByLabelText('Posti'));
    await user.type(within(form).getByLabelText('Posti'), '4');
    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    expect(await within(form).findByText(/modificato da un altro volontario/)).toBeInTheDocument();
    expect(api.editEvent).toHaveBeenCalledWith(outing.id, 'rev-1', { ...outing.fields, places: 4 });

    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    expect(
      await screen.findByText(
        "Evento «Uscita di primavera» salvato. I 2 nuovi posti sono stati offerti alle prime famiglie in lista d'attesa.",
      ),
    ).toBeInTheDocument();
  });

  it("shows the sign-ups in order and moves the waiting list by hand: 'Su', and 'Dai il posto' after saying the places grow", async () => {
    api.moveSignup.mockResolvedValue({ event: outing, outcome: 'moved', offered: 0 });
    api.admitSignup.mockResolvedValue({ event: outing, outcome: 'admitted', offered: 0 });
    const { user } = renderWithProviders(<Events />, { initialEntries: [`/admin/uscite-e-campi?evento=${outing.id}`] });
    const rows = await screen.findAllByTestId('event-signup-row');
    expect(rows.map((shown) => shown.textContent)).toEqual([
      expect.stringContaining('Iscritto'),
      expect.stringContaining('Iscritto'),
      expect.stringContaining("In lista d'attesa, posizione 1"),
      expect.stringContaining("In lista d'attesa, posizione 2"),
    ]);
    expect(screen.getByTestId('event-counts')).toHaveTextContent("2 iscritti su 2 posti, 0 posti liberi, 2 in lista d'attesa.");
    expect(screen.getByRole('button', { name: 'Sposta su Luca Rossi' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Sposta su Giulia Rossi' }));
    await waitFor(() => expect(api.moveSignup).toHaveBeenCalledWith(outing.id, 'giulia', 2, 'up'));

    await user.click(screen.getByRole('button', { name: 'Dai il posto a Giulia Rossi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dare il posto a Giulia Rossi?' });
    expect(dialog).toHaveTextContent("i posti dell'evento passano da 2 a 3");
    await user.click(within(dialog).getByRole('button', { name: 'Dai il posto' }));
    await waitFor(() => expect(api.admitSignup).toHaveBeenCalledWith(outing.id, 'giulia'));
  });
});

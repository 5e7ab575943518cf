import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventReminder, EventRoster } from '@contracts/admin-event-roster';
import { UserFacingError } from '@/lib/api/functions-client';
import { EventRosterPanel } from '@/features/admin/events/EventRosterPanel';
import { renderWithProviders } from '../support/render';

/** The event's list over its api module, replaced (docs/events.md, "The leaders' list"). */
const api = vi.hoisted(() => ({
  fetchEventRoster: vi.fn<(eventId: string) => Promise<EventRoster>>(),
  downloadEventRoster: vi.fn<(eventId: string, format: 'csv' | 'pdf') => Promise<void>>(),
  remindEventRoster: vi.fn<(eventId: string) => Promise<EventReminder>>(),
}));
vi.mock('@/features/admin/events/api/event-roster', () => api);

const row = (childId: string, surname: string, state: 'confirmed' | 'waiting', rank: number | null = null) => ({
  childId,
  familyId: `family-${childId}`,
  name: 'Marco',
  surname,
  branch: 'Reparto' as const,
  age: 12,
  state,
  rank,
  parents: [
    { name: `Mario ${surname}`, phone: '+39 333 111 2222' },
    { name: `Anna ${surname}`, phone: null },
  ],
  payments: [{ productId: 'uscita-di-primavera', state: state === 'waiting' ? ('unpaid' as const) : ('paid' as const) }],
  medicalForm: state !== 'waiting',
  documents: [{ key: 'uscite', state: 'partial' as const }],
});

const roster: EventRoster = {
  event: {
    id: 'primavera',
    name: 'Uscita di primavera',
    branches: ['Reparto'],
    startsAt: '2099-05-09T08:30:00+02:00',
    endsAt: '2099-05-10T17:00:00+02:00',
    place: 'Colle Verde',
    meetingPoint: '',
    places: 2,
  },
  products: [{ id: 'uscita-di-primavera', name: 'Quota uscita' }],
  documents: [{ key: 'uscite', title: 'Autorizzazione uscite' }],
  unavailableDocuments: [],
  asksMedicalForm: false,
  rows: [row('a', 'Bianchi', 'confirmed'), row('b', 'Rossi', 'confirmed'), row('c', 'Verdi', 'waiting', 1)],
  generatedAt: new Date().toISOString(),
};

beforeEach(() => {
  api.fetchEventRoster.mockResolvedValue(roster);
  api.downloadEventRoster.mockResolvedValue();
  api.remindEventRoster.mockResolvedValue({ sent: 2, recentlyReminded: 1, withoutEmail: 0 });
});

describe('EventRosterPanel', () => {
  it('shows each child holding a place then those waiting, with the phones to call, payment, form and documents', async () => {
    renderWithProviders(<EventRosterPanel eventId="primavera" />);
    const rows = await screen.findAllByTestId('event-roster-row');
    expect(api.fetchEventRoster).toHaveBeenCalledWith('primavera');
    expect(screen.getByTestId('event-roster-counts')).toHaveTextContent("2 con un posto su 2, 1 in lista d'attesa");
    const table = screen.getByRole('region', { name: 'Elenco dei partecipanti, scorrevole' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Stato',
      'Cognome e nome',
      'Branca',
      'Età',
      'Genitori e telefoni',
      'Quota uscita',
      'Scheda medica',
      'Autorizzazione uscite',
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Iscritto',
      'Bianchi Marco',
      'Reparto',
      '12',
      'Mario Bianchi: +39 333 111 2222Anna Bianchi: nessun telefono',
      'Pagato',
      'Ricevuta',
      'Manca la firma del secondo genitore',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: '+39 333 111 2222' })).toHaveAttribute('href', 'tel:+393331112222');
    expect(within(rows[2]!).getAllByRole('cell')[0]).toHaveTextContent("In lista d'attesa, posizione 1");
    expect(within(rows[2]!).getByText('Non pagato')).toBeInTheDocument();
  });

  it("downloads the PDF and the CSV, and says the function's refusal", async () => {
    const { user } = renderWithProviders(<EventRosterPanel eventId="primavera" />);
    await user.click(await screen.findByRole('button', { name: 'Scarica elenco (PDF)' }));
    await waitFor(() => expect(api.downloadEventRoster).toHaveBeenCalledWith('primavera', 'pdf'));
    api.downloadEventRoster.mockRejectedValueOnce(
      new UserFacingError('Puoi vedere l’elenco solo degli eventi che riguardano soltanto le tue branche.', 403),
    );
    await user.click(screen.getByRole('button', { name: 'Scarica elenco (CSV)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Puoi vedere l’elenco solo degli eventi che riguardano soltanto le tue branche.',
    );
    expect(api.downloadEventRoster).toHaveBeenLastCalledWith('primavera', 'csv');
  });

  it("sends the reminders only after 'Invia' in the dialog, and says what was sent", async () => {
    const { user } = renderWithProviders(<EventRosterPanel eventId="primavera" />);
    await user.click(await screen.findByRole('button', { name: 'Invia promemoria' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Ogni famiglia di un iscritto a «Uscita di primavera» a cui mancano documenti da firmare');
    expect(api.remindEventRoster).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Invia' }));
    expect(await screen.findByText('Promemoria inviati a 2 famiglie. 1 già avvisate negli ultimi 7 giorni.')).toBeInTheDocument();
    expect(api.remindEventRoster).toHaveBeenCalledTimes(1);
  });

  it('says when nobody is signed up, and offers no reminders', async () => {
    api.fetchEventRoster.mockResolvedValue({ ...roster, rows: [], unavailableDocuments: ['delega-ritiro'] });
    renderWithProviders(<EventRosterPanel eventId="primavera" />);
    expect(await screen.findByText('Nessun iscritto per ora.')).toBeInTheDocument();
    expect(screen.getByText(/Documenti richiesti non più disponibili.*delega-ritiro/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invia promemoria' })).toBeDisabled();
  });
});
